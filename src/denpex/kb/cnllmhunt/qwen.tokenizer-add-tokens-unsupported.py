"""Computed diagnosis for qwen.tokenizer-add-tokens-unsupported: what to use instead of the new token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("token_kind")
    if kind == "unknown special":
        return Explanation(
            text=("QWenTokenizer (Qwen 1.0, tiktoken) only accepts special tokens from its fixed set (<|endoftext|>, <|im_start|>, "
                  "<|im_end|>, <|extra_0|>..<|extra_204|>): the pad token or stop word being added is not one of them."),
            fix=("For padding: tokenizer.pad_token_id = tokenizer.eod_id  # 151643, <|endoftext|>",
                 "For new markers: reuse '<|extra_0|>' etc.; in LLaMA-Factory use --template qwen."),
            derived={"diagnosis": "special token outside Qwen's fixed set"})
    if kind == "regular":
        return Explanation(
            text="QWenTokenizer cannot grow its vocabulary: add_tokens() of regular tokens is refused by the tiktoken-based remote code.",
            fix=("Map the new words to <|extra_N|> special tokens, or switch to Qwen1.5/Qwen2 (Qwen2Tokenizer supports add_tokens).",),
            derived={"diagnosis": "vocabulary extension unsupported"})
    return None
