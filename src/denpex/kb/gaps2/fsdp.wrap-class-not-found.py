"""Computed diagnosis for fsdp.wrap-class-not-found: the class that was asked for and the block class
this model family uses."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# model family (as it appears in a model path or id) -> its transformer block class in transformers
_BLOCKS = (
    ("mistral", "MistralDecoderLayer"), ("mixtral", "MixtralDecoderLayer"), ("qwen3", "Qwen3DecoderLayer"),
    ("qwen2", "Qwen2DecoderLayer"), ("qwen", "Qwen2DecoderLayer"), ("gemma-3", "Gemma3DecoderLayer"),
    ("gemma3", "Gemma3DecoderLayer"), ("gemma-2", "Gemma2DecoderLayer"), ("gemma2", "Gemma2DecoderLayer"),
    ("gemma", "GemmaDecoderLayer"), ("bloom", "BloomBlock"), ("mpt", "MPTBlock"), ("falcon", "FalconDecoderLayer"),
    ("phi-3", "Phi3DecoderLayer"), ("phi3", "Phi3DecoderLayer"), ("phi", "PhiDecoderLayer"), ("gpt2", "GPT2Block"),
    ("gpt-neox", "GPTNeoXLayer"), ("pythia", "GPTNeoXLayer"), ("opt-", "OPTDecoderLayer"), ("t5", "T5Block"),
    ("llama", "LlamaDecoderLayer"), ("vicuna", "LlamaDecoderLayer"), ("deepseek", "DeepseekV3DecoderLayer"),
)


def _family_block(hint: str) -> str:
    low = hint.lower()
    for key, cls in _BLOCKS:
        if re.search(rf"(?:^|[/_.-]){re.escape(key)}", low):
            return cls
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    asked = str(facts.get("layer_class") or facts.get("layer_class_arg") or "")
    hint = str(facts.get("model_hint") or "")
    derived = {"layer_class_text": f" {asked}" if asked else ""}
    parts = []
    if asked:
        parts.append(f"FSDP was told to wrap every {asked} module as its own unit, and this model contains no module of that class.")
    else:
        parts.append("FSDP was told to wrap the model's transformer blocks by class name, and no module of the configured class exists in this model.")
    fix = []
    want = _family_block(hint) if hint else ""
    if asked == "LLaMADecoderLayer":
        parts.append("LLaMADecoderLayer is the name from the pre-release LLaMA port; released transformers (4.28+) call the class LlamaDecoderLayer.")
        fix.append("Use --fsdp_transformer_layer_cls_to_wrap 'LlamaDecoderLayer'.")
    elif want and asked and want != asked:
        parts.append(f"The model ({hint}) is of a family whose block class is {want}, not {asked}: the option was probably copied from another model's recipe.")
        fix.append(f"Set --fsdp_transformer_layer_cls_to_wrap '{want}' (check model._no_split_modules for this exact checkpoint).")
    elif want and not asked:
        parts.append(f"For this model ({hint}) the block class is normally {want}.")
        fix.append(f"Set the wrap class to {want} (or what model._no_split_modules lists for this checkpoint).")
    if not fix:
        fix.append("Print model._no_split_modules for this checkpoint and set fsdp_transformer_layer_cls_to_wrap to the block class it lists "
                   "(or leave it unset with accelerate's TRANSFORMER_BASED_WRAP so it is read from there).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
