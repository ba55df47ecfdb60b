"""Computed diagnosis for milvus.collection-not-loaded: search before load vs a failed load."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOADING_RPCS = ("get_loading_progress", "wait_for_loading_collection", "load_collection")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    coll = str(facts.get("collection") or "").strip()
    if not coll:
        return None
    rpc = str(facts.get("rpc") or "")
    name = f"'{coll}'" + (" (a collection id: map it with describe_collection)" if coll.isdigit() else "")
    if rpc in _LOADING_RPCS:
        text = (f"load() of collection {name} failed: the loading progress poll ({rpc}) found it not loaded, "
                "so the query nodes dropped or never finished the load.")
        fix = ("Read the Milvus query node / standalone log around the load for the cause (out of memory, missing index, storage errors).",
               "Free query node memory or add query nodes, then call load() again.")
        return Explanation(text=text, fix=fix, derived={"during": f" (load failed in {rpc})"})
    op = f" ({rpc})" if rpc else ""
    text = f"A search/query{op} ran on collection {name} while it was not loaded into the query nodes' memory."
    fix = (f"Call client.load_collection('{coll}') (or Collection('{coll}').load()) after create_index and before searching.",
           "After a Milvus restart, load the collection again at service start-up.")
    return Explanation(text=text, fix=fix, derived={"during": f" when running {rpc}" if rpc else ""})
