"""Computed diagnosis for optuna.multi-objective-single-api: which API was used and its multi-objective replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_SIG = {
    "single-best-trial-v3": ("study.best_trial / best_params / best_value",
                             "study.best_trials (Pareto front), then pick one: max(study.best_trials, key=lambda t: t.values[0]).params"),
    "best-trial-single-objective-v2": ("study.best_trial / best_params / best_value",
                                       "study.best_trials (Pareto front), then pick one: max(study.best_trials, key=lambda t: t.values[0]).params"),
    "storage-best-trial": ("storage.get_best_trial",
                           "study.best_trials (the storage call is made by best_trial or a wrapper that assumes one objective)"),
    "attribute-not-available": ("FrozenTrial.value / Study.direction",
                                "trial.values and study.directions; for plots pass target=lambda t: t.values[i], target_name='...'"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "report-not-supported":
        method = str(facts.get("method") or "report")
        return Explanation(
            text=f"Trial.{method} is used for pruning, and Optuna's pruners only handle one objective; the study has several "
                 "directions. A pruning callback (Keras/LightGBM/XGBoost/Lightning) makes this call for you.",
            fix=("Remove trial.report/trial.should_prune and the pruning callback for this multi-objective study,",
                 "or tune one scalar objective (e.g. a weighted sum) with create_study(direction=...) if pruning is needed."),
            derived={"api": f"Trial.{method}", "diagnosis": "pruning requested in a multi-objective study"},
        )
    if sig not in _BY_SIG:
        return None
    api, repl = _BY_SIG[sig]
    return Explanation(
        text=f"{api} has no single answer in a study with several directions (a Pareto front of trials).",
        fix=(f"Use {repl}.",),
        derived={"api": api, "diagnosis": "single-objective API on a multi-objective study"},
    )
