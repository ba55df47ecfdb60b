"""Computed diagnosis for torch.cpu-mixed-dtype: whether the log shows CPU / low-VRAM flags."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hint = facts.get("cpu_hint")
    derived: dict[str, Any] = {}
    if hint and hint.strip() in ("--use-cpu", "--cpu", "Device: cpu", "device=cpu"):
        derived["what"] = f"A normalization layer ran on the CPU in mixed precision; the run is in CPU mode ({hint.strip()}) - use float32"
        return Explanation(
            text=f"The log shows a CPU run ({hint.strip()}) with a half/bfloat16 model: the CPU normalization kernel got half-precision activations and float32 parameters.",
            fix=("Run the CPU path in float32: ComfyUI --force-fp32, A1111 --precision full --no-half (with --use-cpu all), or model.float().",),
            derived=derived,
        )
    if hint:
        derived["what"] = f"A normalization layer ran on the CPU in mixed precision ({hint.strip()} offload)"
        return Explanation(
            text=f"The log shows low-VRAM / offload mode ({hint.strip()}): an offloaded layer ran on the CPU with half-precision activations.",
            fix=("Try without the low-VRAM/offload flag, or use the host's built-in offloading; otherwise force float32 (--force-fp32 / --no-half).",),
            derived=derived,
        )
    derived["what"] = "A normalization layer ran on the CPU with half/bf16 inputs and float32 parameters: a module was left on the CPU"
    return Explanation(
        text="A LayerNorm/GroupNorm ran on the CPU with mixed dtypes, so a module (often a custom node's encoder or adapter) or its input was left on the CPU while the model runs in half precision.",
        fix=("Move that module and its input to the GPU (module.to(device)); update the custom node if it keeps its model on the CPU.",
             "Workaround: cast the input to the layer's dtype before it, or run that part in float32."),
        derived=derived,
    )
