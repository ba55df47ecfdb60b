"""Computed diagnosis for pmdarima.no-viable-model: which search failed and how to see why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in ("no-viable-model", "legacy-non-stationary"):
        return None
    stepwise = bool(facts.get("mode"))
    fix = ["Re-run with trace=True, error_action='trace' to print why each candidate failed."]
    if sig == "legacy-non-stationary":
        text = ("An old pmdarima/pyramid-arima (< 1.5) found no fittable candidate; its 'non-stationary' guess is only one possible cause.")
        fix.append("Upgrade pmdarima (1.5+ reports the failure more precisely and handles more statsmodels errors).")
        mode_text = ""
    elif stepwise:
        text = ("The stepwise search dropped every candidate around the start orders (each failed in statsmodels or gave a non-finite AIC).")
        fix.append("Try stepwise=False with smaller max_p/max_q, or set d/D explicitly.")
        mode_text = " (stepwise search)"
    else:
        text = "The random/grid search found no candidate that fits with a finite information criterion."
        mode_text = ""
    fix.append("Check the series: len(y), NaN count, np.std(y) == 0, and that m fits at least 2-3 seasons.")
    return Explanation(text=text, fix=tuple(fix), derived={"mode_text": mode_text, "diagnosis": "no ARIMA candidate could be fitted"})
