"""Computed diagnosis for hf.trainer-metric-for-best-model: which available key to use, or why none fits."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BOOKKEEPING = ("runtime", "samples_per_second", "steps_per_second", "epoch", "jit_compilation_time")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    metric = str(facts.get("metric") or "").strip()
    if not metric:
        return None
    base = metric[5:] if metric.startswith("eval_") else metric
    keys = re.findall(r"'([^']+)'", str(facts.get("available") or ""))
    real = [k for k in keys if not any(k.endswith(b) for b in _BOOKKEEPING)]
    fix: list[str] = []
    derived: dict[str, Any] = {"metric": metric}
    if keys:
        derived["available_metrics"] = real
        suffix = [k for k in real if k.endswith("_" + base) or k == base]
        if suffix:
            text = (f"'{metric}' is not produced, but {suffix} ends with '{base}': the eval dataset is a dict (or an evaluator adds its name), "
                    "so each metric carries a prefix.")
            fix.append(f"Set metric_for_best_model='{suffix[0]}'.")
        elif not real:
            text = (f"The evaluation returned only bookkeeping values ({keys}): no compute_metrics result and no loss. "
                    "The eval batches probably had no labels the model uses.")
            fix += ["Pass compute_metrics to the Trainer, and set label_names=[...] for custom label columns so eval_loss is computed.",
                    "Or select on an existing key after fixing the above."]
        else:
            text = f"'{metric}' is not among the metrics the evaluation returned: {real}."
            fix += [f"Set metric_for_best_model to one of {real}, or make compute_metrics return '{base}'."]
    else:
        text = (f"The evaluation did not return '{metric}' (older transformers: bare KeyError). compute_metrics is missing or returns other "
                "names, the eval set is a dict (names prefixed), or no eval_loss was computed.")
        fix.append("Print trainer.evaluate() once and set metric_for_best_model to one of its keys.")
    if base == "loss":
        fix.append("For eval_loss: make sure labels reach the model in evaluation (label_names, remove_unused_columns).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
