"""Computed diagnosis for autosklearn.no-models-better-than-random: read the model counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("models_besides_dummy")
    if not isinstance(n, int):
        if facts.get("_signature") == "predicts-at-random":
            return Explanation(
                text="A finished model scored no better than random and was left out of the ensemble.",
                fix=("Check the features and the metric; if every model does this, the data carries no signal for the target.",),
                derived={"diagnosis": "model at random level"},
            )
        return None
    if n == 0:
        return Explanation(
            text="No pipeline besides the dummy has finished yet. If this persists, every run crashes or hits memory_limit/per_run_time_limit.",
            fix=("print(automl.sprint_statistics()) to see crashed/memout/timeout counts; raise memory_limit and per_run_time_limit.",),
            derived={"diagnosis": "no finished pipeline"},
        )
    return Explanation(
        text=f"{n} finished model(s) exist but none beats the dummy baseline: the features or the metric give the constant prediction the edge.",
        fix=("Use a metric the dummy cannot win (balanced_accuracy, roc_auc) and check labels/features for errors.",),
        derived={"diagnosis": f"{n} models, none better than dummy"},
    )
