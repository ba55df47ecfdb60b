"""Computed diagnosis for habana.out-of-memory: the failed request against Gaudi HBM sizes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_HBM = {"Gaudi": 32 * 1024**3, "Gaudi2": 96 * 1024**3, "Gaudi3": 128 * 1024**3}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    size = facts.get("size_bytes")
    if size is None:
        return None
    size = int(size)
    rank = facts.get("rank")
    derived: dict[str, Any] = {"what": f"one allocation of {fmt_bytes(size)} failed"}
    share = ", ".join(f"{size / cap:.1%} of a {name} card ({fmt_bytes(cap)})" for name, cap in _HBM.items())
    text = f"The HPU allocator could not find {fmt_bytes(size)} for a single request ({share})."
    fix: list[str] = []
    if size < 4 * 1024**3:
        text += " A request this small failing means the card was already almost full: the total in use (weights + activations/KV cache + HPU graphs) is the problem, not this tensor."
    else:
        text += " This single request is large: one weight shard, KV-cache block or activation of this size must fit next to everything else."
    fix.append("If it failed during model load (model.to('hpu') / weight loading): shard over more cards (--world_size/--tp 8 with DeepSpeed or vLLM-Gaudi) and load in bf16/FP8.")
    fix.append("If it failed during the run: lower batch size, max sequence length or bucket maxima, disable --use_hpu_graphs, or lower gpu_memory_utilization; watch hl-smi memory while reproducing.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
