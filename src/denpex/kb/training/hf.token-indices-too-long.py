"""Computed diagnosis for hf.token-indices-too-long: how far over the limit the text is and what truncation cuts."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n, m = facts.get("token_count"), facts.get("model_max_length")
    if not (isinstance(n, int) and isinstance(m, int) and m > 0):
        return None
    ratio = n / m
    windows = math.ceil(max(n - m, 0) / max(m - 128, 1)) + 1 if m > 128 else math.ceil(n / m)
    derived = {"over_by_tokens": n - m, "length_ratio": round(ratio, 2), "windows_at_stride_128": windows,
               "what": f"a text of {n} tokens exceeds the model's {m} ({ratio:.1f}x); harmless unless fed to the model untruncated"}
    text = (f"One encoded text has {n} tokens, {n - m} more than model_max_length={m} ({ratio:.1f}x). "
            f"Truncating to {m} keeps {m / n:.0%} of it; windows of {m} tokens with a 128-token overlap need {windows} pieces. "
            "If these ids reach a model with absolute position embeddings unchanged, expect 'index out of range in self' (CPU) or a device-side assert (GPU).")
    if m in (512, 514) or m == 1024:
        text += f" {m} is the position-table size of BERT/RoBERTa-style ({512}) or GPT-2-style (1024) models: positions beyond it do not exist."
    fix = (f"tokenizer(text, truncation=True, max_length={m})",
           f"Or keep all content with windows: tokenizer(text, truncation=True, max_length={m}, stride=128, return_overflowing_tokens=True)",
           "If the ids are grouped into block_size chunks afterwards (causal LM preprocessing), the warning is expected - ignore it.")
    return Explanation(text=text, fix=fix, derived=derived)
