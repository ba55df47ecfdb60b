"""Computed diagnosis for vllm.batched-tokens-too-small: the budget vLLM needs and the flags that give it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _int(facts: Mapping[str, Any], key: str) -> int | None:
    v = facts.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def _round_up(n: int, step: int = 256) -> int:
    return -(-n // step) * step


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    budget = _int(facts, "max_num_batched_tokens")
    mml = _int(facts, "max_model_len")
    seqs = _int(facts, "max_num_seqs")
    item = _int(facts, "max_tokens_per_mm_item")
    if budget is None:
        return Explanation(
            text=(
                "The rollout's max_num_batched_tokens is smaller than prompt_length + response_length while chunked "
                "prefill is enabled in the framework config."
            ),
            fix=(
                "Set rollout.max_num_batched_tokens >= data.max_prompt_length + data.max_response_length (e.g. actor_rollout_ref.rollout.max_num_batched_tokens=<sum>).",
                "Or disable chunked prefill in the rollout config (enable_chunked_prefill=False) and keep max_num_batched_tokens >= max_model_len.",
            ),
            derived={},
        )
    if mml is not None:
        short = mml - budget
        return Explanation(
            text=(
                f"A scheduler step may hold {budget} tokens but max_model_len is {mml}: without chunked prefill a "
                f"prompt longer than {budget} tokens could never be scheduled, {short} tokens short of the window."
            ),
            fix=(
                f"--max-num-batched-tokens {mml}   (budget = max_model_len)",
                f"Or keep the budget and add --enable-chunked-prefill (prompts split into {budget}-token chunks).",
                f"Or serve a shorter window: --max-model-len {budget}",
            ),
            derived={"missing_tokens": short, "min_max_num_batched_tokens": mml},
        )
    if seqs is not None:
        return Explanation(
            text=(
                f"max_num_seqs={seqs} sequences can run at once but a step holds only {budget} tokens, less than one "
                "token per running sequence."
            ),
            fix=(
                f"--max-num-batched-tokens {max(seqs, budget)}   (at least max_num_seqs)",
                f"Or --max-num-seqs {budget}",
            ),
            derived={"min_max_num_batched_tokens": seqs, "max_num_seqs_that_fits": budget},
        )
    if item is not None:
        need = _round_up(item)
        return Explanation(
            text=(
                f"One multimodal item of this model expands to up to {item} tokens, but a step holds {budget} and the "
                "model's encoder input cannot be split across steps."
            ),
            fix=(
                f"--max-num-batched-tokens {need}   (>= {item}, rounded up)",
                "For text-only serving: --limit-mm-per-prompt '{\"image\": 0}' (or the model's modality) to drop the encoder budget.",
                "Or lower the per-item size (smaller max_pixels via --mm-processor-kwargs) where the model supports it.",
            ),
            derived={"min_max_num_batched_tokens": item, "suggested_max_num_batched_tokens": need},
        )
    return None
