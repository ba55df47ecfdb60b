"""Computed diagnosis for evidently.empty-drift-column: which dataset and what kind of column is empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    column = facts.get("column")
    dataset = str(facts.get("dataset") or "")
    if column is None or dataset not in ("reference", "current"):
        return None
    column = str(column)
    other = "current" if dataset == "reference" else "reference"
    if column.strip("'\" ") == "" or column.startswith("Unnamed"):
        text = (f"The {dataset} data has an unnamed column ({column!r}) with no values - typically a CSV index column "
                "or a blank header carried into the report.")
        fix = ("df = df.loc[:, [c for c in df.columns if str(c).strip() and not str(c).startswith('Unnamed')]]",
               "or read the CSV with index_col=0")
        diagnosis = "unnamed empty column"
    else:
        text = (f"Column '{column}' has no finite values in the {dataset} data (all NaN or inf), while the {other} data "
                "has some; drift cannot be tested on an empty sample.")
        fix = (f"Check the upstream source of '{column}' for the {dataset} batch.",
               f"Drop it for this report: {dataset}_df = {dataset}_df.drop(columns=['{column}']) (from both frames), "
               "or pass DataDriftPreset(columns=[...]) without it.")
        diagnosis = f"'{column}' empty in {dataset} data"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
