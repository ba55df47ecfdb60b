"""Computed diagnosis for vllm.cuda-graph-capture-oom: headroom left for the CUDA graph pool and the settings that fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    other = facts.get("other_error")
    tried = parse_size(facts.get("tried_to_allocate"))
    util = facts.get("gpu_memory_utilization")
    util = float(util) if isinstance(util, (int, float)) and 0 < float(util) <= 1 else None
    if tried is None and isinstance(other, str) and other:
        return Explanation(
            text=(
                f"vLLM failed while capturing CUDA graphs, but with '{other}', not out of memory: a kernel or attention "
                "backend misbehaves under graph capture."
            ),
            fix=("--enforce-eager to confirm (startup then succeeds if capture is the trigger).",
                 "Try another attention backend (VLLM_ATTENTION_BACKEND) or upgrade vLLM; report the kernel if it persists."),
            derived={"case": "capture-error-not-oom"},
        )
    total = parse_size(facts.get("total_capacity"))
    free = parse_size(facts.get("free"))
    pool = parse_size(facts.get("graph_pool"))
    parts = ["The GPU ran out of memory while vLLM was capturing CUDA graphs, after the KV cache had been allocated."]
    derived: dict[str, Any] = {"case": "capture-oom"}
    if tried is not None and free is not None:
        parts.append(f"The failing request was {fmt_bytes(tried)} with {fmt_bytes(free)} free.")
    if pool is not None:
        parts.append(f"The graph pool already held {fmt_bytes(pool)}.")
    fix = ["--enforce-eager   (no CUDA graphs; startup needs no capture memory)"]
    if util is not None:
        lower = max(round(util - 0.05, 2), 0.1)
        if total is not None:
            head = (1 - util) * total
            parts.append(
                f"gpu_memory_utilization={util:g} left about {fmt_bytes(head)} of {fmt_bytes(total)} outside vLLM's budget for "
                "the graphs, the CUDA context and other processes."
            )
            derived["headroom_bytes"] = int(head)
            derived["headroom_at_suggested_utilization_bytes"] = int((1 - lower) * total)
        fix.append(f"--gpu-memory-utilization {lower:g}   (was {util:g}: a smaller KV cache leaves room for the graphs)")
        derived["suggested_gpu_memory_utilization"] = lower
    else:
        fix.append("Lower --gpu-memory-utilization by 0.05 (a smaller KV cache leaves room for the graphs).")
    fix.append("Or --max-num-seqs 128 (or lower): fewer and smaller batch sizes are captured.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
