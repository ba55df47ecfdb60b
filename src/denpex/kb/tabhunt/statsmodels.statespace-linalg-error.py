"""Computed diagnosis for statsmodels.statespace-linalg-error: initialization (Lyapunov) vs. a period of the filter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("kind")
    if not kind:
        return None
    model = facts.get("model")
    model_txt = f" ({str(model).rstrip('(')})" if model else ""
    if kind.startswith(("LU", "Schur")):
        solver = "an LU factorisation" if kind.startswith("LU") else "a Schur decomposition"
        text = (f"The stationary initialization of the state covariance{model_txt} failed: {solver} of the discrete "
                "Lyapunov equation had no solution, so the AR/seasonal-AR parameters being tried are non-stationary "
                "(unit root or explosive) or not finite.")
        fix = ("Difference more (d or seasonal D + 1) or reduce p/P; check adfuller(y).",
               "Use initialization='approximate_diffuse' to skip the stationary solve.",
               "Check y and exog for NaN/inf and rescale values of extreme size.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "non-stationary parameters at initialization"})
    period = facts.get("period")
    try:
        period = int(period) if period is not None else None
    except (TypeError, ValueError):
        period = None
    if period is not None and period <= 1:
        text = (f"The forecast error variance was not positive at period {period}{model_txt}: the initial state "
                "covariance or the first observations are degenerate (starting parameters, a constant start of the "
                "series, or NaN/inf).")
        diagnosis = f"degenerate start (period {period})"
        fix = ("Pass start_params from a simpler model or use initialization='approximate_diffuse'.",
               "Check the first observations and exog rows for NaN/inf or constants.")
    else:
        at = f" at period {period}" if period is not None else ""
        text = (f"The forecast error variance collapsed{at}{model_txt}: look at that observation and the rows around it "
                "for constant runs, duplicates, outliers or an extreme scale, and at exog for collinear columns.")
        diagnosis = f"forecast variance not positive{at}"
        fix = ("Rescale endog (divide by its standard deviation) and remove collinear/constant exog columns.",
               f"Inspect y.iloc[{max((period or 1) - 5, 0)}:{(period or 1) + 5}] for the offending values." if period is not None
               else "Inspect the series for constant stretches and outliers.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
