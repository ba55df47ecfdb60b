"""Computed diagnosis for verl.prompt-exceeds-max-length: excess tokens and a max_prompt_length that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n, m = facts.get("sequence_length"), facts.get("max_length")
        if n is None or m is None:
            return None
        n, m = int(n), int(m)
        if n <= m or m <= 0:
            return None
        excess = n - m
        p2 = 1
        while p2 < n:
            p2 *= 2
        share = excess / m
        kind = ("a few tokens over: likely one outlier row or the chat template overhead" if share <= 0.1
                else "far over: the dataset's prompts are longer than the recipe assumed")
        return Explanation(
            text=(f"One templated prompt has {n} tokens, {excess} more than max_length={m} ({share:.0%} over; {kind}). "
                  "data.truncation=error makes verl raise instead of cutting it."),
            fix=(f"Set data.max_prompt_length={p2} (>= {n}) and keep data.max_prompt_length + data.max_response_length within the rollout max_model_len.",
                 f"Or keep {m} and set data.filter_overlong_prompts=True to drop prompts longer than {m} tokens.",
                 "Or set data.truncation=left to cut the start of long prompts instead of failing."),
            derived={"excess_tokens": excess, "suggested_max_prompt_length": p2},
        )
    except Exception:
        return None
