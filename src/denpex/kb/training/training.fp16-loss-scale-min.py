"""Computed diagnosis for training.fp16-loss-scale-min: what a collapsed loss scale means here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_float
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    scale = as_float(facts.get("loss_scale"))
    floor = as_float(facts.get("min_loss_scale"))
    value = scale if scale is not None else floor
    if value is None:
        return None
    derived: dict[str, Any] = {"final_loss_scale": value}
    halvings = None
    if value > 0:
        import math

        halvings = round(math.log2(65536 / value))
        derived["halvings_from_2^16"] = halvings
    text = (
        f"The dynamic loss scale is down to {value:g}"
        + (f", about {halvings} halvings below DeepSpeed's default start of 65536 (2^16)" if halvings and halvings > 0 else "")
        + ". Each halving was a skipped optimizer step caused by an Inf/NaN gradient. "
        "At this scale the overflow is not a scaling problem: the unscaled gradients or the fp16 activations themselves are non-finite."
    )
    if value < 1:
        text += f" A scale of {value:g} (< 1) shrinks gradients; it cannot turn Inf into a finite number."
    fix = [
        "Switch to bf16: DeepSpeed {\"bf16\": {\"enabled\": true}} (remove the \"fp16\" block), or TrainingArguments(bf16=True).",
        "If fp16 is required: lower the peak learning rate 2-10x, lengthen warmup and set \"gradient_clipping\": 1.0.",
    ]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
