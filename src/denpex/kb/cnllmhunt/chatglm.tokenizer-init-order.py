"""Computed diagnosis for chatglm.tokenizer-init-order: which model family, which line to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LINES = {
    "sp_tokenizer": ("ChatGLM-6B (v1) / VisualGLM", "self.sp_tokenizer = SPTokenizer(vocab_file, num_image_tokens=num_image_tokens)", "tokenization_chatglm.py"),
    "tokenizer": ("ChatGLM2-6B / ChatGLM3-6B", "self.tokenizer = SPTokenizer(vocab_file)", "tokenization_chatglm.py"),
    "sp_model": ("Baichuan / Baichuan2", "self.sp_model = spm.SentencePieceProcessor(**self.sp_model_kwargs) and self.sp_model.Load(vocab_file)", "tokenization_baichuan.py"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if not isinstance(attr, str) or attr not in _LINES:
        return None
    family, line, fname = _LINES[attr]
    cls = facts.get("tokenizer_class") or "the tokenizer"
    text = (f"{cls} reads self.{attr} from get_vocab()/vocab_size while transformers' base constructor is still running: "
            f"this {family} {fname} was written for transformers <= 4.33 and creates self.{attr} only after super().__init__().")
    fix = (f"In the model folder's {fname}, move `{line}` above the `super().__init__(` call, then delete "
           "~/.cache/huggingface/modules/transformers_modules/<model> so the edited copy is used.",
           "Or fetch the current tokenizer file from the official model repository, or pin pip install 'transformers==4.33.2'.")
    return Explanation(text=text, fix=fix, derived={"model_family": family})
