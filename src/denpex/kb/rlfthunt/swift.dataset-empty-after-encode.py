"""Computed diagnosis for swift.dataset-empty-after-encode: empty dataset vs raw columns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cols = str(facts.get("columns") or "").strip()
    col = str(facts.get("column") or "length")
    if not cols:
        return None
    if cols.replace(" ", "") == "[]":
        text = ("The dataset that reached the trainer has no columns at all: every row was dropped during encoding. "
                "The cause is the per-row error ms-swift printed above this traceback.")
        fix = ("Find the first error printed during the dataset Map/encode step and fix those rows (keys/roles, media paths),",
               "or, if samples are too long, raise --max_length or set --truncation_strategy right instead of delete.")
        kind = "empty"
    else:
        text = (f"The dataset still has only its raw columns {cols}: it was not encoded on this path, so no '{col}' "
                "column was computed.")
        fix = ("Check the cached/packed dataset options against the installed ms-swift version (re-export the cached "
               "dataset with the same version), or drop them to let ms-swift encode the raw data.",)
        kind = "not-encoded"
    return Explanation(text=text, fix=fix, derived={"dataset_state": kind})
