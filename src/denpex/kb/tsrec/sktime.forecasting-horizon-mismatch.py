"""Computed diagnosis for sktime.forecasting-horizon-mismatch: which fh rule failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    name = str(facts.get("forecaster") or "the forecaster")
    if sig == "found-in-neither":
        return Explanation(
            text="predict() was called without fh and fit() did not receive one either.",
            fix=("Pass the horizon: forecaster.predict(fh=[1, 2, ..., h]) or fit(y, fh=...).",),
            derived={"problem": "fh given to neither fit nor predict"})
    if sig == "required-in-fit":
        return Explanation(
            text=f"{name} trains per horizon step (requires-fh-in-fit), so fh must be given to fit.",
            fix=(f"{name}.fit(y, X, fh=fh) with the full horizon, then predict() with the same fh.",),
            derived={"problem": f"{name} requires fh in fit"})
    if sig == "different-fh":
        return Explanation(
            text=(f"{name} was fitted for one horizon and predict() asked for another; horizon-dependent "
                  "forecasters (direct/multioutput reduction) cannot change fh after fit."),
            fix=(f"Refit {name} with the new fh, predict the fitted fh and slice it, or use make_reduction(..., strategy='recursive').",),
            derived={"problem": f"{name} predicted with a different fh than in fit"})
    return None
