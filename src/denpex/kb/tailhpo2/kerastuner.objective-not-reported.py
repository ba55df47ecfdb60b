"""Computed diagnosis for kerastuner.objective-not-reported: match the objective against the reported keys."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAME = re.compile(r"'([^']+)'")


def _names(text: Any) -> list[str]:
    return _NAME.findall(text) if isinstance(text, str) else []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = _names(facts.get("expected"))
    found = _names(facts.get("found"))
    metric = facts.get("metric") if isinstance(facts.get("metric"), str) else ""
    sig = facts.get("_signature")
    if sig == "cannot-infer-direction" and metric:
        return Explanation(
            text=f"'{metric}' is not a Keras metric name KerasTuner knows, so it cannot tell whether to minimise or maximise it.",
            fix=(f"objective=kt.Objective('{metric}', direction='max')  # or 'min' for an error/loss",),
            derived={"diagnosis": "custom metric without direction", "objective": metric},
        )
    if not expected:
        if metric:
            return Explanation(
                text=(f"The tuner looked up '{metric}' but no trial reported it: the objective is not a key of the fit() history, "
                      "or a subclassed tuner's run_trial returned None instead of the history/metrics."),
                fix=("Make the objective an exact key of history.history (compile the metric, pass validation data).",
                     "In a subclassed tuner, return the result of super().run_trial(...) or model.fit(...) from run_trial."),
                derived={"diagnosis": f"metric {metric} never reported", "objective": metric},
            )
        return None
    obj = expected[0]
    hint = f" (reported: {', '.join(found)})" if found else ""
    if found and set(found) <= {"loss", "val_loss"}:
        diagnosis = "model compiled without metrics"
        text = f"Only the loss was reported ({', '.join(found)}): the model has no compiled metric named like '{obj}'."
        fix = (f"Compile the metric: model.compile(..., metrics=['{obj.removeprefix('val_')}'])", "or tune on the loss: objective='val_loss'")
    elif obj.startswith("val_") and found and not any(k.startswith("val_") for k in found):
        diagnosis = "no validation data"
        text = f"'{obj}' is a validation metric but no 'val_' key was reported: search() got no validation data."
        fix = ("tuner.search(x, y, validation_data=(x_val, y_val)) or validation_split=0.2",
               f"or objective='{obj[4:]}' to tune on training data")
    else:
        suffix = obj.removeprefix("val_")
        prefixed = [k for k in found if k.endswith("_" + suffix) and k.startswith("val_") == obj.startswith("val_")]
        alias = {"val_accuracy": "val_acc", "accuracy": "acc"}.get(obj)
        if alias and alias in found:
            diagnosis = "metric reported as 'acc' (TF 1.x / old Keras naming)"
            text = f"The history calls it '{alias}', not '{obj}' (TF 1.x / standalone Keras naming)."
            fix = (f"objective='{alias}'", "or upgrade to TensorFlow 2.x where the key is 'accuracy'")
        elif prefixed:
            best = prefixed[0]
            diagnosis = "multi-output model prefixes the metric name"
            text = f"The metric is reported per output as '{best}'; '{obj}' does not exist for a multi-output model."
            fix = (f"objective=kt.Objective('{best}', direction='max')  # 'min' for losses/errors",)
        else:
            close = difflib.get_close_matches(obj, found, n=1, cutoff=0.6)
            if close:
                diagnosis = f"objective name differs from reported '{close[0]}'"
                text = f"No key '{obj}' was reported; the closest reported key is '{close[0]}'."
                fix = (f"objective=kt.Objective('{close[0]}', direction='max')  # or 'min'",)
            else:
                diagnosis = f"objective '{obj}' not reported"
                text = f"'{obj}' is not among the reported keys{hint}."
                fix = (f"Compile a metric named '{obj.removeprefix('val_')}' or choose one of the reported keys as the objective.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "objective": obj})
