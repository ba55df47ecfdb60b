"""Computed diagnosis for torchmetrics.task-argument-required: the call to write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    metric = facts.get("metric")
    functional = facts.get("_signature") == "functional-missing-task"
    if not metric:
        metric = "the metric class (Accuracy, F1Score, ...)"
        call = "Accuracy"
    else:
        call = str(metric)
    if functional:
        text = (f"torchmetrics.functional.{call}() requires task since torchmetrics 0.11; the code calls it the 0.10 way.")
        fix = (f"{call}(preds, target, task='multiclass', num_classes=C)  # or task='binary' / task='multilabel', num_labels=L",
               f"or call the specific function, e.g. multiclass_{call}(preds, target, num_classes=C)",
               "or pin the old API: pip install 'torchmetrics<0.11'")
    else:
        text = (f"{metric} is a dispatcher since torchmetrics 0.11 and needs task='binary'|'multiclass'|'multilabel'.")
        fix = (f"{call}(task='multiclass', num_classes=C)  # single-label, C classes",
               f"{call}(task='binary')  # one score per sample",
               f"{call}(task='multilabel', num_labels=L)  # several labels per sample",
               "or pin the old API: pip install 'torchmetrics<0.11'")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{call} called without task (torchmetrics >= 0.11)"})
