"""Computed diagnosis for statsmodels.object-dtype-data: which model, how to make the inputs float."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "")
    call = f"sm.{model}(y, X)" if model and model[0].isupper() else "the model constructor"
    text = (f"{call} got pandas data whose np.asarray is an object array: at least one column of y/X is not plain "
            "numeric (strings, categories, bool dummies mixed with floats, or nullable Int64/Float64 with pd.NA).")
    fix = (
        "Find them: print(X.dtypes[~X.dtypes.map(pd.api.types.is_float_dtype)])",
        "X = X.apply(pd.to_numeric, errors='coerce').astype(float); y = pd.to_numeric(y, errors='coerce').astype(float)",
        "Dummies: pd.get_dummies(df, columns=[...], drop_first=True, dtype=float)",
        f"Then {call.replace('(y, X)', '(y, X, missing=' + repr('drop') + ')') if model else 'pass missing=' + repr('drop')} to drop rows made NaN by the conversion.",
    )
    return Explanation(text=text, fix=fix, derived={"model": model or "model"})
