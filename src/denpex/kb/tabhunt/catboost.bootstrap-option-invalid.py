"""Computed diagnosis for catboost.bootstrap-option-invalid: which rule of the bootstrap block was broken and the parameter change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "default-bayesian-subsample":
        return Explanation(
            text=("subsample was set without bootstrap_type, and the default bootstrap here is Bayesian "
                  "(task_type='GPU', or a multiclass loss), which has no sampling fraction."),
            fix=("Add bootstrap_type='Bernoulli' (CPU/GPU) or 'Poisson' (GPU) next to subsample.",
                 "Or drop subsample and tune bagging_temperature for the Bayesian bootstrap."),
            derived={"diagnosis": "subsample with the default Bayesian bootstrap"},
        )
    if sig == "bayesian-subsample":
        return Explanation(
            text="bootstrap_type='Bayesian' was combined with subsample; the Bayesian bootstrap weighs every row and takes no fraction.",
            fix=("Use bootstrap_type='Bernoulli' (or 'MVS') to keep subsample, or remove subsample and tune bagging_temperature.",),
            derived={"diagnosis": "subsample with bootstrap_type='Bayesian'"},
        )
    if sig == "disabled-with-options":
        return Explanation(
            text="bootstrap_type='No' was combined with subsample or bagging_temperature; with bootstrap disabled no bootstrap option is accepted.",
            fix=("Remove subsample and bagging_temperature when bootstrap_type='No' (make the search space conditional).",),
            derived={"diagnosis": "bootstrap options with bootstrap_type='No'"},
        )
    if sig == "bagging-temperature-not-bayesian":
        return Explanation(
            text="bagging_temperature was set but the bootstrap in use is not Bayesian (it only shapes the Bayesian bootstrap's row weights).",
            fix=("Set bootstrap_type='Bayesian' to keep bagging_temperature, or drop bagging_temperature for Bernoulli/MVS/Poisson.",),
            derived={"diagnosis": "bagging_temperature without the Bayesian bootstrap"},
        )
    if sig == "taken-fraction-range":
        return Explanation(
            text="subsample is outside (0, 1]: a tuner or config passed 0, a negative value or a value above 1.",
            fix=("Bound subsample to (0, 1], e.g. uniform(0.5, 1.0); 1.0 means no row sampling.",),
            derived={"diagnosis": "subsample out of range"},
        )
    return None
