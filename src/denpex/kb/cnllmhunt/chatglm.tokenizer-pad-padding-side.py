"""Computed diagnosis for chatglm.tokenizer-pad-padding-side: which GLM generation and where to patch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = facts.get("tokenizer_class")
    if cls == "ChatGLM4Tokenizer":
        family, repos = "GLM-4 / GLM-4V", "glm-4-9b-chat / glm-4v-9b"
    elif cls == "ChatGLMTokenizer":
        family, repos = "ChatGLM2 / ChatGLM3 (also the Kolors text encoder)", "chatglm2-6b / chatglm3-6b"
    elif facts.get("_signature") == "bare-pad-padding-side":
        family, repos = "model's own (Python < 3.10 prints no class name; GLM-4 demos hit this)", "GLM / ChatGLM"
    else:
        return None
    text = (f"The {family} tokenizer class overrides _pad() without the padding_side parameter that transformers >= 4.45 passes "
            "on every padded call (apply_chat_template, batch_encode_plus, model.chat).")
    fix = (f"Update tokenization_chatglm.py from the official {repos} model repository, or add `padding_side: Optional[str] = None` "
           "to the _pad signature in the local copy (then clear ~/.cache/huggingface/modules/transformers_modules/<model>).",
           "Or pin pip install 'transformers<4.45'.")
    return Explanation(text=text, fix=fix, derived={"model_family": family})
