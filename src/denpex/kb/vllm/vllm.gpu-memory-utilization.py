"""Computed diagnosis for vllm.gpu-memory-utilization: free vs requested, and the fraction that fits."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GIB = 1024**3
_MARGIN = 0.02  # leave ~2% of the device for the CUDA context and allocator slack


def _num(facts: Mapping[str, Any], key: str) -> float | None:
    v = facts.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def _profiling(facts: Mapping[str, Any]) -> Explanation | None:
    before = _num(facts, "initial_free")
    after = _num(facts, "current_free")
    if before is not None and after is not None:
        delta = (after - before) / _GIB
        return Explanation(
            text=(
                f"Free GPU memory went from {before / _GIB:.2f} GiB to {after / _GIB:.2f} GiB while vLLM was profiling "
                f"({delta:+.2f} GiB): another process on this GPU released memory mid-measurement, so vLLM could not "
                "tell its own usage apart."
            ),
            fix=(
                "Start the other GPU processes before or after vLLM, not during its startup, or give vLLM its own GPU.",
                "Newer vLLM: --kv-cache-memory-bytes <size> sizes the cache without profiling-based accounting.",
            ),
            derived={"free_memory_change_gib": round(delta, 2)},
        )
    used0 = _num(facts, "initial_used")
    used1 = _num(facts, "current_used")
    if used0 is not None and used1 is not None:
        return Explanation(
            text=(
                f"Used GPU memory was {used0 / _GIB:.2f} GiB before profiling and {used1 / _GIB:.2f} GiB after: it did "
                "not grow as vLLM's own allocations should, so memory held by something else was released meanwhile "
                "(or the GPU was not cleaned up from an earlier instance)."
            ),
            fix=("Make sure no other process (or leftover vLLM instance) changes its memory while vLLM starts.",),
            derived={"used_memory_change_gib": round((used1 - used0) / _GIB, 2)},
        )
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    free = _num(facts, "free_gib")
    total = _num(facts, "total_gib")
    util = _num(facts, "gpu_memory_utilization")
    requested = _num(facts, "requested_gib")
    if free is None or total is None or total <= 0:
        return _profiling(facts)
    if requested is None and util is not None:
        requested = util * total
    held = total - free
    fits = max(math.floor((free / total - _MARGIN) * 100) / 100, 0.0)
    device = facts.get("device")
    where = f" on {device}" if isinstance(device, str) and device else ""
    derived: dict[str, Any] = {
        "held_by_other_processes_gib": round(held, 2),
        "largest_gpu_memory_utilization_that_fits": fits,
    }
    parts = [f"{held:.2f} of {total:.2f} GiB{where} is already in use (other processes, plus this process's CUDA context), leaving {free:.2f} GiB free."]
    if requested is not None:
        short = requested - free
        derived["shortfall_gib"] = round(short, 2)
        asked = f"{util:.2f} x {total:.2f} = " if util is not None else ""
        parts.append(f"vLLM asked for {asked}{requested:.2f} GiB, {short:.2f} GiB more than is free.")
    parts.append(f"The largest --gpu-memory-utilization that fits the free memory is {fits:.2f}.")
    fix = [
        "Find and stop the holder: nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv "
        "(kill leftover VLLM::EngineCore processes by PID).",
        f"Or start with --gpu-memory-utilization {fits:.2f} (smaller KV cache; the weights must still fit).",
    ]
    if fits < 0.3:
        parts.append(
            f"Only {fits:.0%} of the GPU is available: most models will not fit with a useful KV cache; free the GPU "
            "instead of lowering the fraction."
        )
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
