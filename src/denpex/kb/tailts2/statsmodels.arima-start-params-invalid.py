"""Computed diagnosis for statsmodels.arima-start-params-invalid: AR vs MA advice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    part = facts.get("part")
    if part not in ("AR", "MA"):
        return None
    if part == "AR":
        text = ("The start values for the AR part have a root on or inside the unit circle: the series (after d differences) "
                "still behaves like a random walk or trend, or p is too large.")
        fix = ("Increase d by one (check with adfuller / pmdarima.arima.ndiffs) or detrend, then refit.",
               "Or lower p, or pass start_params (e.g. np.zeros) to fit().")
    else:
        text = ("The start values for the MA part are not invertible: typical after over-differencing (d too large) "
                "or with q too large for the data.")
        fix = ("Lower d (over-differencing creates a unit MA root) or q, then refit.",
               "Or pass start_params to fit().")
    fix = fix + ("Or use statsmodels.tsa.arima.model.ARIMA / SARIMAX, which fall back to zero start values instead of raising.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{part} start values inadmissible"})
