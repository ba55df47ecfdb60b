"""Computed diagnosis for catboost.option-validation-failed: which constraint failed and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNIMPL = re.compile(r"change of option (\w+) is unimplemented for task type (\w+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    if not detail:
        return None
    where = f"{facts.get('source_file', '?')}:{facts.get('source_line', '?')}"
    m = _UNIMPL.search(detail)
    if m:
        option, task = m.group(1), m.group(2)
        other = "GPU" if task.upper() == "CPU" else "CPU"
        text = (f"The option {option} has a non-default value that task type {task} of this CatBoost does not implement "
                f"(or it differs from the init_model's value) [{where}].")
        fix = (f"Upgrade CatBoost (pip install -U catboost) or train with task_type='{other}'.",
               f"Or leave {option} at its default; when continuing from init_model keep {option} as in the first run.")
        diagnosis = f"{option} not implemented for {task}"
    elif "classes_count" in detail or "class_names" in detail or "class weights" in detail.lower():
        text = f"Class options are set but the loss is not a multiclass loss [{where}]: {detail}"
        fix = ("Use loss_function='MultiClass' (or 'MultiClassOneVsAll') with classes_count/class_names,",
               "or drop classes_count for binary Logloss tasks.")
        diagnosis = "class option with a non-multiclass loss"
    elif "except learn on CPU task type" in detail:
        text = (f"This path of CatBoost (catboost.cv and other CPU-only routines of this release) runs on CPU only, "
                f"but the parameters ask for task_type='GPU' [{where}].")
        fix = ("Drop task_type='GPU' (and devices) from the parameters passed to cv(), or upgrade CatBoost, whose later releases run cv on GPU.",
               "With model.get_params() as the cv parameters, remove the GPU keys first: params = {k: v for k, v in model.get_params().items() if k not in ('task_type', 'devices')}.")
        diagnosis = "GPU task type on a CPU-only path"
    elif "OD-detector" in detail or "overfitting" in detail.lower():
        text = f"The overfitting detector was configured with a wait of 0 iterations [{where}]."
        fix = ("Set od_wait / early_stopping_rounds to at least 1 (typically 50-200), or drop od_type.",)
        diagnosis = "overfitting detector wait is 0"
    else:
        text = f"CatBoost's parameter check {where} failed: {detail}"
        fix = ("Change the parameter named in the message; see the CatBoost parameter reference for the allowed combination.",)
        diagnosis = "parameter combination refused"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
