"""Computed diagnosis for statsmodels.endog-exog-size-mismatch: which check failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "different-sizes":
        return Explanation(
            text=("endog and exog have different numbers of rows: preprocessing (dropna, filter, shift) was applied to one "
                  "side only, X is transposed, or a forecast exog does not have one row per step."),
            fix=("Clean y and X together: df = pd.concat([y, X], axis=1).dropna(); y, X = df.iloc[:, 0], df.iloc[:, 1:]",
                 "print(len(y), len(X)) before sm.OLS / SARIMAX; for forecast(steps=n, exog=...) pass exactly n rows."),
            derived={"problem": "row counts differ"},
        )
    if sig == "indices-not-aligned":
        return Explanation(
            text=("endog and exog are pandas objects whose index labels differ (reset_index/sort on one side, or "
                  "DatetimeIndex vs RangeIndex); statsmodels does not join them for you."),
            fix=("y, X = y.align(X, join='inner', axis=0)",
                 "or, if the rows already correspond, X.index = y.index (or pass X.to_numpy())."),
            derived={"problem": "pandas indexes differ"},
        )
    return None
