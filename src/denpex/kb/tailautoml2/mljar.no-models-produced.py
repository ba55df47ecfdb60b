"""Computed diagnosis for mljar.no-models-produced: which models failed and where their errors are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    models = facts.get("failed_model")
    if isinstance(models, str):
        models = [models]
    models = [m for m in (models or []) if isinstance(m, str)]
    path = facts.get("errors_path")
    if not models and not path:
        return None
    fatal = bool(facts.get("fatal"))
    uniq = list(dict.fromkeys(models))
    algos = sorted({m.split("_")[-1] for m in uniq})
    parts = []
    if uniq:
        parts.append(f"{len(uniq)} model(s) failed ({', '.join(uniq[:6])}{', ...' if len(uniq) > 6 else ''})")
    if path:
        parts.append(f"their tracebacks are in {path}")
    text = "; ".join(parts) + "."
    if fatal:
        if len(algos) > 1:
            text += f" Different algorithms ({', '.join(algos)}) all failed: the cause is shared (data, CV split or library versions)."
        elif algos:
            text += f" Only {algos[0]} models were tried and all failed: allow more algorithms or fix that one's error."
        diagnosis = "no model trained"
    else:
        text += " A single failed model is dropped; fit only stops when none is left."
        diagnosis = "model failed during training"
    fix = [f"cat {path}" if path else "cat <results_path>/errors.md"]
    mc, ns = facts.get("min_class_count"), facts.get("n_splits")
    if isinstance(mc, int) and isinstance(ns, int):
        text += f" The smallest class has {mc} sample(s) but the CV uses {ns} stratified folds: every model fails on the split."
        fix.append(f"validation_strategy={{'validation_type': 'kfold', 'k_folds': {max(2, mc)}, 'shuffle': True, 'stratify': True}} or merge/drop classes with fewer than {ns} samples.")
        diagnosis = "class too small for the CV folds" if fatal else diagnosis
    fix = tuple(fix)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
