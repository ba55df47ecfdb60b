"""Computed diagnosis for vllm.sampler-warmup-oom: the max_num_seqs to try next."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("num_reqs")
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return None
    half = max(n // 2, 1)
    quarter = max(n // 4, 1)
    text = (
        f"The sampler warmup runs one batch of max_num_seqs = {n} dummy requests after the KV cache is reserved; "
        f"its logits-sized temporaries did not fit in what was left."
    )
    fix = (
        f"--max-num-seqs {half}   (halves the warmup batch; try {quarter} if it still fails)",
        "or lower --gpu-memory-utilization by 0.03-0.05 to leave room outside the KV cache.",
    )
    return Explanation(text=text, fix=fix, derived={"max_num_seqs": n, "suggested_max_num_seqs": half})
