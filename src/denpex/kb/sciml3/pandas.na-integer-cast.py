"""Computed diagnosis for pandas.na-integer-cast: which column and which cast."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    col = str(facts.get("column") or "")
    ref = f"df['{col}']" if col else "the column"
    if sig in ("non-finite-to-int", "na-to-int-legacy"):
        text = f"{ref} holds NaN or inf and was cast to a NumPy integer dtype, which has no missing value."
        fix = (
            f"Look: print({ref}.isna().sum(), np.isinf({ref}.astype(float)).sum())",
            f"Fill or drop: {ref}.replace([np.inf, -np.inf], np.nan).fillna(0).astype(int), or df.dropna(subset=['{col or 'col'}'])",
            f"Keep missing values: {ref}.astype('Int64') (nullable integer)",
        )
        return Explanation(text=text, fix=fix, derived={"target_dtype": "integer"})
    if sig == "masked-to-numpy":
        dt = str(facts.get("target_dtype") or "the requested")
        text = (f"A nullable pandas column (Int64/Float64/boolean) with pd.NA was converted to a NumPy '{dt}' array; "
                "NumPy cannot store pd.NA in that dtype without a replacement value.")
        fix = (
            "s.to_numpy(dtype='float64', na_value=np.nan) or df.astype('float64') before passing to numpy/sklearn/torch",
            "or fill first: df.fillna(0).to_numpy()",
        )
        return Explanation(text=text, fix=fix, derived={"target_dtype": dt})
    return None
