"""Computed diagnosis for deepspeed.zero3-trace-fetch-mismatch: when and where the trace broke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        step = int(facts["step"])
        expected = int(facts["expected"])
    except (KeyError, TypeError, ValueError):
        return None
    training = str(facts.get("training") or "")
    module_id = facts.get("module_id")
    parts = [f"ZeRO-3 recorded the module order on the first step and kept prefetching from it; at step {step} "
             f"the next module did not need the {expected} parameter(s) at the head of the queue."]
    if module_id is not None:
        parts.append(f"The failing module is id {module_id}" + (f" (training={training})." if training else "."))
    if training == "False":
        diagnosis = "eval/generation path differs from the training trace"
        parts.append("It happened outside training mode: an eval or generate() pass took another module path.")
    elif step <= 2:
        diagnosis = "module order differs already between the first steps"
        parts.append("So early, the forward itself is not repeatable (a model called twice, a branch on the first batch).")
    else:
        diagnosis = f"module order changed after {step} steps"
        parts.append("After many identical steps a batch took another path: typically an optional encoder (images), "
                     "MoE routing, or eval/checkpoint code between steps.")
    return Explanation(
        text=" ".join(parts),
        fix=("Run optional branches on dummy input every step (output * 0) so the module order is stable.",
             "Or set zero_optimization.stage3_prefetch_bucket_size: 0 and upgrade DeepSpeed."),
        derived={"diagnosis": diagnosis, "got_text": f" (module id {module_id})" if module_id is not None else " (single-line message of DeepSpeed 0.5-0.8)"},
    )
