"""Computed diagnosis for xarray.chunk-manager-missing: the package providing the requested chunk manager."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PKG = {"dask": "dask[array]", "cubed": "cubed cubed-xarray"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    manager = str(facts.get("manager") or "dask")
    pkg = _PKG.get(manager, manager)
    available = str(facts.get("available") or "")
    if sig == "unrecognized-manager" and available.strip("[] ") :
        text = f"chunk manager '{manager}' was requested but only {available} is installed."
        note = f" (installed: {available})"
    else:
        text = (f"No chunk manager for '{manager}' is installed, so chunked reads (open_mfdataset, chunks=..., open_zarr, .chunk()) "
                "cannot build lazy arrays.")
        note = " (no chunk manager installed)"
    return Explanation(
        text=text,
        fix=(f"pip install '{pkg}'  (same interpreter/kernel as the failing code)",
             "or read without chunks: open_dataset(path, chunks=None) per file + xr.concat"),
        derived={"available_note": note, "package": pkg, "manager": manager},
    )
