"""Computed diagnosis for pytorch-forecasting.unknown-category: numeric value -> dtype problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cat = facts.get("category")
    if cat is None:
        return None
    cat = str(cat)
    numeric = cat.lstrip("-").replace(".", "", 1).isdigit()
    if numeric:
        text = (f"The unknown category '{cat}' is a number: an integer-typed target or real column is being "
                "label-encoded as categorical (an int target turns the task into classification).")
        fix = ("Cast numeric columns to float before building the dataset: df[target] = df[target].astype(float).",
               "If the column really is categorical (e.g. month), fit its encoder on the full data: "
               "categorical_encoders={'col': NaNLabelEncoder().fit(df['col'])}.")
    else:
        text = (f"'{cat}' does not occur in the data the encoder was fitted on (a new series id or a category that "
                "only appears after the training cutoff).")
        fix = (f"Fit the encoder on all values (NaNLabelEncoder().fit(full_df[col])) or allow unknowns with "
               "NaNLabelEncoder(add_nan=True) in categorical_encoders of the training dataset.",)
    return Explanation(text=text, fix=fix, derived={"numeric_category": numeric})
