"""Computed diagnosis for vllm.max-seq-len-exceeds-kv-cache: window vs KV capacity, and what fits."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Above this fraction there is usually no room left for the CUDA context and allocator slack.
_MAX_UTIL = 0.98


def _num(facts: Mapping[str, Any], key: str) -> float | None:
    v = facts.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    window = _num(facts, "max_model_len")
    if window is None or window <= 0:
        return None
    window_i = int(window)
    tokens = _num(facts, "kv_cache_tokens")
    needed = _num(facts, "kv_cache_needed_gib")
    available = _num(facts, "kv_cache_available_gib")
    estimated = _num(facts, "estimated_max_model_len")
    kv_size = _num(facts, "kv_cache_size_gib")
    util = _num(facts, "gpu_memory_utilization")
    total = _num(facts, "total_gpu_memory_gib")

    derived: dict[str, Any] = {}
    fits: int | None = None
    extra_gib: float | None = None
    if tokens is not None:  # V0 wording: capacity in tokens
        fits = int(tokens)
        derived["kv_cache_tokens"] = fits
        if kv_size is not None and kv_size > 0 and tokens > 0:
            per_token_gib = kv_size / tokens
            extra_gib = (window - tokens) * per_token_gib
            derived["kv_bytes_per_token"] = int(per_token_gib * 1024**3)
    elif needed is not None and available is not None:  # V1 wording: capacity in bytes
        extra_gib = needed - available
        if estimated is not None and estimated > 0:
            fits = int(estimated)
        elif needed > 0 and available > 0:
            fits = int(window * available / needed) // 16 * 16  # linear estimate on block boundaries; vLLM's own number is exact
            derived["fits_is_linear_estimate"] = True
        else:
            fits = 0
    if fits is None:
        return None
    derived["largest_max_model_len_that_fits"] = fits
    shortfall = window_i - fits
    derived["shortfall_tokens"] = shortfall

    parts: list[str] = []
    if tokens is not None:
        parts.append(
            f"max_model_len is {window_i} tokens but the KV cache holds {fits} tokens"
            + (f" ({int(facts['gpu_blocks'])} blocks)" if isinstance(facts.get("gpu_blocks"), int) else "")
            + f": {shortfall} tokens ({shortfall / window:.0%}) short of one full-length sequence."
        )
    else:
        parts.append(
            f"One {window_i}-token sequence needs {needed:.2f} GiB of KV cache but only {available:.2f} GiB is "
            f"available ({extra_gib:.2f} GiB short)."
        )
        if fits > 0:
            parts.append(f"The longest window that fits is about {fits} tokens.")
    fix: list[str] = []
    if fits > 0:
        fix.append(f"vllm serve <model> --max-model-len {fits}   (largest window that fits the current KV cache)")
    if extra_gib is not None:
        derived["extra_kv_gib_needed"] = round(extra_gib, 2)
    if extra_gib is not None and util is not None and total is not None and total > 0:
        new_util = math.ceil((util + extra_gib / total) * 100) / 100
        derived["gpu_memory_utilization_needed"] = new_util
        if new_util <= _MAX_UTIL:
            parts.append(
                f"Keeping max_model_len {window_i} needs {extra_gib:.2f} GiB more KV cache: "
                f"gpu_memory_utilization {util:.2f} -> {new_util:.2f} of {total:.2f} GiB."
            )
            fix.append(f"Or keep the window: --gpu-memory-utilization {new_util:.2f} (if nothing else uses this GPU)")
        else:
            parts.append(
                f"Keeping max_model_len {window_i} would need gpu_memory_utilization {new_util:.2f}, which is not "
                f"reachable on a {total:.2f} GiB GPU: shrink the window or the per-token KV size instead."
            )
    elif extra_gib is not None:
        parts.append(f"Keeping max_model_len {window_i} needs {extra_gib:.2f} GiB more memory for the KV cache.")
    if fits > 0 and 2 * fits >= window_i:
        fix.append("Or halve the bytes per token: --kv-cache-dtype fp8 (about 2x the tokens in the same memory)")
    fix.append("Or add GPUs: --tensor-parallel-size 2 splits weights and KV heads across ranks")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
