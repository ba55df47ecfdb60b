"""Computed diagnosis for autoawq.scale-search-nan: which tensor went non-finite and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    tensor = str(facts.get("tensor") or "")
    if sig == "best-ratio-not-found":
        text = ("AutoAWQ tried every scale ratio for this layer group and each gave a NaN/inf loss, so best_ratio stayed -1 "
                "and it raised a bare Exception: the block's activations or weights are not finite.")
        fix = ("Load the model with torch_dtype=torch.bfloat16 (float16 activations overflow in large models) and rerun.",
               "Check the checkpoint for NaN/inf weights; try shorter max_calib_seq_len or the default calibration data.")
        return Explanation(text=text, fix=fix, derived={"stage": "scale search"})
    if tensor:
        if tensor == "w":
            what = "the fake-quantized weights (the scaled weight matrix) contain NaN"
        elif tensor in ("p", "scales", "scale"):
            what = f"the computed {tensor} contain NaN (all-zero weight groups or overflowing activations)"
        else:
            what = f"{tensor} contains NaN"
        text = f"AWQ's NaN check failed: {what}."
        fix = ("Quantize from bfloat16 or float32 weights instead of float16.",
               "Scan the checkpoint for NaN/inf or all-zero weight groups (merged/pruned models) and repair it, or exclude "
               "that module from quantization.")
        return Explanation(text=text, fix=fix, derived={"stage": "pseudo-quantize"})
    return None
