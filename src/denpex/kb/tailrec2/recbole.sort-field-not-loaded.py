"""Computed diagnosis for recbole.sort-field-not-loaded: which field and what usually sorts by it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = facts.get("field")
    if not field:
        return None
    size = facts.get("batch_size")
    rows = f" (the interaction holds {size} rows without it)" if size else ""
    low = str(field).lower()
    if "time" in low or low in {"ts", "date", "datetime", "day"}:
        text = (f"RecBole sorts by the time field '{field}' for a temporal split, sequence building or DIN/DIEN "
                f"histories, but it was not loaded{rows}.")
        fix = (f"Add '{field}' to load_col (load_col: {{inter: [user_id, item_id, {field}]}}) and set TIME_FIELD: {field}.",
               "If the data has no time, use eval_args order RO and a model without time-ordered histories.")
        kind = "time field"
    else:
        text = f"RecBole sorts by '{field}', which is not a loaded field{rows}."
        fix = (f"Add '{field}' to load_col, or correct the config key that names it to an existing column.",)
        kind = "other field"
    return Explanation(text=text, fix=fix, derived={"kind": kind})
