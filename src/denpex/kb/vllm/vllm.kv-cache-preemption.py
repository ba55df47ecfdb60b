"""Computed diagnosis for vllm.kv-cache-preemption: how often and in which mode sequences were evicted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mode = facts.get("preemption_mode")
    count = facts.get("cumulative_preemptions")
    swapped = facts.get("swapped_reqs")
    parts: list[str] = []
    derived: dict[str, Any] = {}
    if isinstance(count, int):
        derived["cumulative_preemptions"] = count
        parts.append(f"At least {count} preemption(s) since startup (V0 logs the 1st and then every 50th).")
    if mode == "RECOMPUTE":
        parts.append("RECOMPUTE: the evicted sequences lost their KV cache and will redo their prefill, costing latency.")
    elif mode == "SWAP":
        parts.append(
            "SWAP: the evicted sequence group (beam search / n > 1) was copied to CPU swap space; if swap space "
            "runs out those requests fail."
        )
    if isinstance(swapped, int):
        derived["swapped_reqs"] = swapped
        parts.append(f"{swapped} request(s) are waiting in CPU swap space.")
    if not parts:
        return None
    fix: list[str] = []
    if isinstance(count, int) and count >= 50:
        fix.append("Preemption is frequent: lower --max-num-seqs or raise KV memory (--gpu-memory-utilization, --kv-cache-dtype fp8).")
    else:
        fix.append("Occasional preemption only costs latency; act if it keeps growing under normal load.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
