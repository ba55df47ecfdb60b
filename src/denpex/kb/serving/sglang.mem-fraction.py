"""Computed diagnosis for sglang.mem-fraction: the weights' share of GPU memory vs --mem-fraction-static."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    before = facts.get("avail_before_gb")
    after = facts.get("avail_after_gb")
    weights = facts.get("weights_gb")
    frac = facts.get("mem_fraction_static")
    prof = facts.get("profiled_tokens")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"detail": ""}
    if not isinstance(before, (int, float)) and isinstance(after, (int, float)) and isinstance(weights, (int, float)):
        before = after + weights  # free at start ~ free after + what the weights took
    if isinstance(before, (int, float)) and before > 0 and isinstance(after, (int, float)):
        used = before - after
        share = used / before
        need = 1 - after / before  # classic sizing: KV bytes = after - before * (1 - f) > 0
        derived["detail"] = f": the weights took {used:.1f} of {before:.1f} GB ({share:.0%})" + (f", mem_fraction_static={frac}" if frac else "")
        parts.append(f"Loading the weights took {used:.1f} GB of the {before:.1f} GB free at start ({share:.0%}), leaving {after:.1f} GB.")
        if frac:
            parts.append(f"With --mem-fraction-static={frac} SGLang keeps {(1 - float(frac)) * before:.1f} GB outside the static pool, so the KV cache gets {after - (1 - float(frac)) * before:.1f} GB by the classic sizing (newer versions also subtract CUDA-graph and other reserves).")
        if need >= 0.93:
            parts.append(f"The fraction would have to exceed {need:.2f} just to make the KV cache non-empty: the model does not fit usefully on this GPU at this precision.")
            fix.append("Shard or shrink the weights: --tp-size 2 (or more GPUs), a quantized checkpoint, or --quantization fp8.")
            fix.append("Free the GPU first if other processes hold memory (nvidia-smi).")
        else:
            target = min(round(need + 0.05, 2), 0.93)
            fix.append(f"Raise --mem-fraction-static to about {target} (the weights alone need > {need:.2f}); stay at or below ~0.93 to keep room for CUDA graphs and activations.")
            fix.append("If serving then hits CUDA out of memory, use more TP or a quantized model instead of raising it further.")
    else:
        parts.append("After loading the weights SGLang found no memory left inside --mem-fraction-static for the KV cache.")
        fix.append("Raise --mem-fraction-static (e.g. +0.05, up to ~0.93), or use more tensor parallelism / a quantized model; free the GPU of other processes.")
    if isinstance(prof, int) and prof <= 0:
        parts.append(f"The profiled KV cache size was {prof} tokens: the reserve outside the pool is already larger than the memory left.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
