"""Computed diagnosis for hf.seqcls-no-pad-token: the model type and the exact lines to add."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mt = str(facts.get("model_type") or "").strip()
    where = f" ({mt})" if mt else ""
    text = (f"The{(' ' + mt) if mt else ''} sequence-classification head needs config.pad_token_id to find the last real token of each row; "
            "it is None, so only batch size 1 works. Setting tokenizer.pad_token alone does not change the model config.")
    fix = ("tokenizer.pad_token = tokenizer.eos_token",
           "model.config.pad_token_id = tokenizer.pad_token_id   # on the inner model if wrapped by PEFT/DataParallel",
           "or from_pretrained(..., pad_token_id=tokenizer.eos_token_id); save model and tokenizer afterwards.")
    return Explanation(text=text, fix=fix, derived={"where": where})
