"""Computed diagnosis for tsfresh.input-format-rejected: which input rule failed and the call that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    col = str(facts.get("column") or "")
    if sig == "value-column-not-guessed":
        raw = str(facts.get("unused") or "")
        if raw.endswith("Please"):
            raw = raw[: -len("Please")]
        unused = [c for c in raw.split(",") if c]
        if unused:
            return Explanation(
                text=(f"With column_kind set, tsfresh needs exactly one value column but found {len(unused)} unused: "
                      f"{', '.join(unused)}."),
                fix=(f"Pass column_value='{unused[0]}' (or drop the other columns), or melt the frame to long format.",),
                derived={"diagnosis": f"{len(unused)} candidate value columns"},
            )
        return Explanation(
            text=("No column is left to extract from: every column is used as column_id / column_sort / column_kind. "
                  "Usually the data column was passed as column_id."),
            fix=("df['id'] = 0  # one series", "extract_features(df, column_id='id', column_sort='<time column>')"),
            derived={"diagnosis": "no value column left"},
        )
    if sig == "input-nan" and col:
        return Explanation(
            text=f"The raw input column '{col}' has NaN; tsfresh refuses NaN in id, sort, kind and value columns.",
            fix=(f"df = df.dropna(subset=['{col}']) or fill it (df['{col}'] = df['{col}'].interpolate()) before extract_features",),
            derived={"diagnosis": f"NaN in raw column {col}"},
        )
    if sig == "column-not-found" and col:
        return Explanation(
            text=f"'{col}' was named as a tsfresh column argument but is not a column of the frame (index? typo?).",
            fix=("df = df.reset_index() if it is the index", "print(df.columns.tolist()) and pass an existing name"),
            derived={"diagnosis": f"column {col} not in frame"},
        )
    if sig == "reserved-name" and col:
        new = col.replace("__", "_").rstrip("_")
        return Explanation(
            text=f"'{col}' would be confused with generated feature names ('<kind>__<feature>'); tsfresh rejects '__' and a trailing '_'.",
            fix=(f"df = df.rename(columns={{'{col}': '{new}'}})",),
            derived={"diagnosis": f"reserved column name {col}"},
        )
    if sig == "column-id-missing":
        return Explanation(
            text="extract_features was called without column_id; wide and long frames need an entity id column.",
            fix=("extract_features(df, column_id='id', column_sort='time')  # add df['id'] = 0 for a single series",),
            derived={"diagnosis": "column_id missing"},
        )
    return None
