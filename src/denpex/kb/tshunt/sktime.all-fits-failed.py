"""Computed diagnosis for sktime.all-fits-failed: where to look for the hidden exception."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fc = facts.get("forecaster")
    if not fc:
        return None
    fix = [f"Re-run with error_score='raise' to see why {fc} fails."]
    parts = [f"{fc} raised in fit/predict and sktime replaced the exception by a NaN score."]
    n = facts.get("train_len")
    try:
        n = int(n) if n is not None else None
    except (TypeError, ValueError):
        n = None
    if n is not None:
        parts.append(f"The failing split trained on only {n} observations.")
        if n < 50:
            fix.append(f"{n} points is short for seasonal models (2 x sp needed) or long windows: enlarge the splitter's initial_window.")
    if fc in ("TransformedTargetForecaster", "Deseasonalizer", "ThetaForecaster", "ExponentialSmoothing"):
        fix.append("Multiplicative deseasonalising / log / BoxCox need y > 0: check y.min().")
    if fc in ("AutoARIMA", "ARIMA", "StatsForecastAutoARIMA", "Prophet", "TBATS", "BATS"):
        fix.append(f"{fc} needs a soft dependency (pmdarima / statsforecast / prophet / tbats): check it imports.")
    diag = f"all fits of {fc} failed" if facts.get("_signature") == "all-fits-failed" else f"a fit of {fc} failed"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diag})
