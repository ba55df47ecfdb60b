"""Computed diagnosis for torchmetrics.preds-target-shape-mismatch: compare the two shapes."""

from __future__ import annotations

from collections.abc import Mapping
from math import prod
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> list[int] | None:
    if not isinstance(text, str):
        return None
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        return [int(p) for p in parts]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    preds = _dims(facts.get("preds_shape"))
    target = _dims(facts.get("target_shape"))
    if preds is None or target is None:
        return None
    ps, ts = f"[{', '.join(map(str, preds))}]", f"[{', '.join(map(str, target))}]"
    if len(preds) == len(target) + 1 and preds[:-1] == target and preds[-1] == 1:
        diagnosis = "extra singleton dimension on preds"
        text = f"preds {ps} has a trailing dimension of 1 that target {ts} lacks (a one-output head)."
        fix = ("metric(preds.squeeze(-1), target)",)
    elif len(target) == len(preds) + 1 and target[:-1] == preds and target[-1] == 1:
        diagnosis = "extra singleton dimension on target"
        text = f"target {ts} has a trailing dimension of 1 that preds {ps} lacks."
        fix = ("metric(preds, target.squeeze(-1))",)
    elif len(preds) == len(target) + 1 and preds[:-1] == target or (
        len(preds) == len(target) + 1 and preds[0] == target[0] and preds[2:] == target[1:]
    ):
        c = preds[-1] if preds[:-1] == target else preds[1]
        diagnosis = f"class scores ({c} classes) against class indices"
        text = (f"preds {ps} carries one score per class ({c}) while target {ts} holds one label per sample: "
                "an element-wise (binary/regression/multilabel) metric was given logits.")
        fix = (f"Use the multiclass form: torchmetrics.Accuracy(task='multiclass', num_classes={c}) (or the metric's multiclass variant).",
               "Or reduce the scores first: metric(preds.argmax(dim=1), target)"
               + (" / metric(preds[:, 1], target) for a 2-logit binary head." if c == 2 else "."))
    elif len(target) == len(preds) + 1 and target[:-1] == preds:
        c = target[-1]
        diagnosis = f"target has {c} columns, preds one"
        text = (f"target {ts} has {c} values per sample but preds {ps} one: the model predicts fewer outputs than "
                "the data provides (or the target is one-hot).")
        fix = (f"Give the model {c} outputs, or pick the matching target column / target.argmax(dim=-1) for one-hot labels.",)
    elif len(preds) == len(target) and sum(a != b for a, b in zip(preds, target)) == 1:
        i = next(k for k, (a, b) in enumerate(zip(preds, target)) if a != b)
        diagnosis = f"dimension {i} differs ({preds[i]} vs {target[i]})"
        text = (f"preds {ps} and target {ts} differ only in dimension {i} ({preds[i]} vs {target[i]}): "
                "the model's number of outputs/classes does not match the data (changed label set, old checkpoint).")
        fix = ("Rebuild or retrain the output layer for the data's classes, or map the labels to the model's class list.",)
    elif prod(preds) == prod(target):
        diagnosis = "same number of elements, different layout"
        text = f"preds {ps} and target {ts} hold the same number of values ({prod(preds)}) in different layouts: one side was flattened."
        fix = ("metric(preds.reshape(target.shape), target) - or flatten both the same way.",)
    else:
        diagnosis = "shapes differ"
        text = f"preds {ps} and target {ts} differ in shape; element-wise metrics need identical shapes."
        fix = ("Print both shapes before the metric call and reshape/reduce the prediction to the target's layout.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
