"""Computed diagnosis for vllm.mm-prompt-replacement-failed: first item vs a later item of the modality."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    modality = str(facts.get("modality") or "")
    idx = facts.get("index")
    if not modality or idx is None:
        return None
    try:
        i = int(idx)
    except (TypeError, ValueError):
        return None
    if i == 0:
        text = (f"Not even the first {modality} item found a placeholder: the prompt does not contain this model's "
                f"{modality} placeholder (hand-written prompt or another model's template), or the processor/template "
                "of the installed transformers differs from what vLLM expects.")
        fix = ("Build the prompt with the model's processor (apply_chat_template) or use llm.chat / the chat endpoint.",)
        kind = "no placeholder in the prompt"
    else:
        text = (f"{modality} items 0..{i - 1} were placed but item {i} found no placeholder: the prompt carries fewer "
                f"{modality} placeholders ({i}) than items passed.")
        fix = (f"Give the prompt one placeholder per {modality} (at least {i + 1}), or pass only {i} {modality} item(s).",)
        kind = "fewer placeholders than items"
    return Explanation(text=text, fix=fix, derived={"kind": kind, "placeholders_found": i})
