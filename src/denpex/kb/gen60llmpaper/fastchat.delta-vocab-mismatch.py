"""Computed diagnosis for fastchat.delta-vocab-mismatch: which side has the extra rows and which delta this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LLAMA_VOCAB = 32000


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    base, delta = facts.get("size_a"), facts.get("size_b")
    if not isinstance(base, int) or not isinstance(delta, int) or base == delta:
        return None
    derived: dict[str, Any] = {"base_rows": base, "delta_rows": delta}
    if delta > base:
        extra = delta - base
        derived["added_tokens"] = extra
        if base == _LLAMA_VOCAB and extra == 1:
            kind = "vicuna-v0"
            text = (f"The delta has {delta} vocabulary rows and the LLaMA base {base}: one added token, the [PAD] token of "
                    "Vicuna v0 (or another delta trained with one extra token). The apply_delta in use adds tensors in place "
                    "without first resizing the base embedding and lm_head.")
            fix = ["pip install fschat==0.1.10 (its apply_delta resizes the base for v0 deltas), rerun apply_delta, then "
                   "reinstall the fschat version the project needs for serving.",
                   "Or use the v1.1 delta / merged lmsys/vicuna-*-v1.1 weights if the project supports them (MiniGPT-4 v1 "
                   "prompts were written for v0)."]
        elif base == _LLAMA_VOCAB and extra == 3:
            kind = "llava-v0"
            text = (f"The delta has {delta} rows, {extra} more than LLaMA's {base}: the image tokens of an early LLaVA delta. "
                    "FastChat's apply_delta does not know about them.")
            fix = ["Apply it with the LLaVA repository's script: python -m llava.model.apply_delta --base <llama-hf> "
                   "--target <out> --delta <llava-delta>."]
        else:
            kind = "added-tokens"
            text = (f"The delta has {extra} more vocabulary row(s) than the base ({delta} vs {base}): the fine-tune added "
                    "tokens and this apply_delta does not resize the base first.")
            fix = ["Use the apply_delta script shipped with the model's own repository (git pull it), or resize the base "
                   f"embeddings to {delta} rows (model.resize_token_embeddings({delta})) before adding the delta."]
    else:
        kind = "base-larger"
        text = (f"The base has more vocabulary rows ({base}) than the delta ({delta}): --base is not the original "
                f"{_LLAMA_VOCAB}-token LLaMA conversion (already merged weights, or another model).")
        fix = ["Point --base at the original LLaMA checkpoint converted with convert_llama_weights_to_hf.py "
               "(config vocab_size 32000)."]
    derived["delta_kind"] = kind
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError):
        return None
