"""Computed diagnosis for vllm.no-kv-cache-memory: where the memory budget went."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX_UTIL = 0.98
_HEADROOM_GIB = 2.0  # a small but useful KV cache: a few thousand tokens for a 7B model


def _num(facts: Mapping[str, Any], key: str) -> float | None:
    v = facts.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    util = _num(facts, "gpu_memory_utilization")
    total = _num(facts, "total_gpu_memory_gib")
    kv = _num(facts, "kv_cache_size_gib")
    weights = _num(facts, "weights_gib")
    act = _num(facts, "activation_peak_gib")
    non_torch = _num(facts, "non_torch_gib")
    if util is None or total is None or total <= 0:
        if weights is None:
            return None
        return Explanation(
            text=f"The weights alone take {weights:.2f} GiB on this GPU; weights plus the profiling activations "
            "filled the budget vLLM was given, leaving nothing for KV cache blocks.",
            fix=("Raise --gpu-memory-utilization, or shrink the weights per GPU (--tensor-parallel-size, quantization).",),
            derived={"weights_gib": weights},
        )
    budget = total * util
    derived: dict[str, Any] = {"budget_gib": round(budget, 2)}
    parts = [f"vLLM may use {util:.2f} x {total:.2f} GiB = {budget:.2f} GiB."]
    used: float | None = None
    if kv is not None:
        used = budget - kv
    elif weights is not None:
        used = weights + (act or 0.0) + (non_torch or 0.0)
    if used is not None:
        derived["used_before_kv_gib"] = round(used, 2)
        breakdown = []
        if weights is not None:
            breakdown.append(f"weights {weights:.2f} GiB")
        if act is not None:
            breakdown.append(f"activation peak {act:.2f} GiB")
        if non_torch is not None:
            breakdown.append(f"non-torch {non_torch:.2f} GiB")
        parts.append(
            f"Before the KV cache, {used:.2f} GiB is already used"
            + (f" ({', '.join(breakdown)})" if breakdown else "")
            + (f", leaving {kv:.2f} GiB for KV cache blocks." if kv is not None else ".")
        )
    fix: list[str] = []
    if used is not None:
        min_util = math.ceil((used + _HEADROOM_GIB) / total * 100) / 100
        derived["gpu_memory_utilization_needed"] = min_util
        if min_util <= _MAX_UTIL:
            parts.append(f"A fraction of at least {min_util:.2f} leaves about {_HEADROOM_GIB:.0f} GiB for the KV cache.")
            fix.append(f"--gpu-memory-utilization {min_util:.2f} or higher (if the GPU is not shared)")
        else:
            parts.append(
                f"Even a fraction of {_MAX_UTIL} would leave less than {_HEADROOM_GIB:.0f} GiB: the model is too large "
                "for this GPU at this precision and batch size."
            )
    if weights is not None and weights > 0.5 * total:
        tp = 2 ** math.ceil(math.log2(weights / (0.5 * total)))
        derived["tensor_parallel_size_suggested"] = tp
        fix.append(f"--tensor-parallel-size {tp} (weights {weights:.2f} GiB are over half of the {total:.2f} GiB GPU)")
    if non_torch is not None and non_torch < 0:
        parts.append("Negative non-torch memory means another process freed memory during profiling: isolate the GPU.")
    fix.append("Lower the profiling peak: --max-num-batched-tokens 4096 --max-num-seqs 32 --enforce-eager")
    fix.append("Or use a quantized checkpoint (AWQ/GPTQ/FP8) to shrink the weights")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
