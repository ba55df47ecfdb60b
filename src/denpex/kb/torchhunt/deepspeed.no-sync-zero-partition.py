"""Computed diagnosis for deepspeed.no-sync-zero-partition: stage and version-specific fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = facts.get("stage")
    if stage is None:
        return None
    ds = str(facts.get("deepspeed") or "")
    ver = f"DeepSpeed {ds}" if ds else "DeepSpeed 0.16.0 or newer"
    text = (f"ZeRO stage {stage} partitions gradients, and {ver} refuses the no_sync() context that accelerate / the HF Trainer "
            "enter on gradient-accumulation micro-steps. DeepSpeed accumulates by itself; the no_sync call is the bug.")
    fix = ("pip install -U transformers accelerate  (Trainer skips no_sync for DeepSpeed ZeRO-2/3 since transformers #35157)",
           "or pin: pip install deepspeed==0.15.4",
           f"or keep ZeRO-{stage} and set gradient_accumulation_steps=1 with a larger per-device batch size.")
    return Explanation(text=text, fix=fix, derived={})
