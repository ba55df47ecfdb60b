"""Computed diagnosis for catboost.cat-feature-value: which value/column and the cast that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    value = str(facts.get("value") or "").strip()
    fidx = facts.get("feature_idx")
    row = facts.get("object_idx")
    where = f"column index {fidx}" if fidx is not None else "a categorical column"
    at = f" (row {row})" if row is not None else ""
    col = f"X.columns[{fidx}]" if fidx is not None else "the column"
    derived: dict[str, Any] = {"value": value or "?", "feature_idx": fidx if fidx is not None else "?"}
    if sig in ("float-or-nan-in-cat-feature", "bad-object-nan"):
        low = value.lower()
        if low in ("nan", "none", "<na>", "na"):
            derived["kind"] = "a missing value in a categorical feature"
            text = f"{where}{at} is declared categorical and holds a missing value (NaN)."
            fix = (f"X[{col}] = X[{col}].fillna('missing').astype(str)  (same for eval_set / predict data)",)
        elif low.endswith(".0") and low[:-2].lstrip("-").isdigit():
            derived["kind"] = "an integer code stored as float"
            text = (f"{where}{at} holds {value}: integer codes became float64, almost always because the column also has NaN.")
            fix = (f"X[{col}] = X[{col}].astype('Int64').astype(str).replace('<NA>', 'missing')",)
        else:
            derived["kind"] = "a real number in a categorical feature"
            text = (f"{where}{at} holds {value}, a real number: either it is a numeric feature wrongly listed in cat_features "
                    "(often indices computed on another column order), or decimal codes that should be strings.")
            fix = (f"check print({col}); remove it from cat_features if numeric, else X[{col}] = X[{col}].astype(str)",
                   "build cat_features by name from the frame you pass: [c for c in X.columns if X[c].dtype == object]")
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "string-in-num-feature":
        derived["kind"] = "a string in a numeric feature"
        return Explanation(
            text=f"{where}{at} contains the string '{value}' but is not listed in cat_features, so CatBoost parses it as a number.",
            fix=(f"add {col} to cat_features (by name), or convert it to numbers if it should be numeric",
                 "check that eval_set/test frames have the same column order and dtypes as training"),
            derived=derived,
        )
    if sig == "float-array-with-cat-features":
        derived.update(kind="cat_features on a float numpy array", value="float array", feature_idx="all")
        return Explanation(
            text="A float numpy array cannot hold categorical values (they are already floats); cat_features cannot apply to it.",
            fix=("pass a pandas DataFrame (categorical columns as str) or an object-dtype array, or drop cat_features",),
            derived=derived,
        )
    return None
