"""Computed diagnosis for deepspeed.zero3-defragment-mixed-tensors: dtype or device variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if attr == "dtype":
        return Explanation(
            text=("The trainable parameters mix precisions (e.g. bf16 weights with a float32 value head, LoRA "
                  "adapters or projector), so ZeRO-3 cannot pack them into one flat buffer."),
            fix=("Cast before training: model.to(torch.bfloat16) (or float16), including added heads/adapters, and load "
                 "with torch_dtype matching the bf16/fp16 setting.",
                 "Update the trainer (TRL / LLaMA-Factory) if the float32 module is created by the framework."),
            derived={"diagnosis": "trainable parameters in several dtypes"},
        )
    if attr == "device":
        return Explanation(
            text=("The trainable parameters live on different devices (CPU and GPU), so ZeRO-3 cannot pack them "
                  "into one flat buffer."),
            fix=("Remove device_map / manual .to(...) calls on sub-modules when using ZeRO-3; let zero.Init place them.",
                 "Check offload_param / offload_optimizer settings and create all modules inside zero.Init."),
            derived={"diagnosis": "trainable parameters on several devices"},
        )
    return None
