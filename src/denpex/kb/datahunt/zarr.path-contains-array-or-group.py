"""Computed diagnosis for zarr.path-contains-array-or-group: which node kind, where, what to call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("node_kind")
    if not kind:
        return None
    raw = str(facts.get("zarr_path") or "''")
    path = raw.strip("'\"")
    where = "the store root" if path == "" else f"path '{path}'"
    if kind == "group":
        diagnosis = f"group at {where}, array expected"
        text = (f"There is a group at {where}; the call wanted an array there (or tried to create one). "
                "Stores written by OME-Zarr, xarray or anndata have a group at the root and the arrays as its members.")
        member = f"{path}/NAME" if path else "NAME"
        fix = (f"g = zarr.open_group(STORE, mode='r'); print(list(g.keys())); arr = g['{member}']",
               "To replace the group with an array on purpose: create with mode='w' / overwrite=True.")
    else:
        diagnosis = f"array at {where}, group or new node expected"
        text = (f"There is already an array at {where}; the call wanted a group there or tried to create a new node "
                "without overwrite (typical when a conversion script runs a second time).")
        fix = ("To reuse it: zarr.open_array(STORE, mode='r'" + (f", path='{path}'" if path else "") + ").",
               "To rewrite it: pass mode='w' (open/create) or overwrite=True (create_array/create_dataset), or delete the old output first.")
    store = facts.get("store")
    if store:
        text += f" Store: {store}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
