"""Computed diagnosis for vllm.mm-prompt-replacement-failed: first item vs a later item of the modality."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    modality = str(facts.get("modality") or "")
    if facts.get("_signature") == "expected-prompt-updates":
        return _explain_counts(modality, facts)
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


def _explain_counts(modality: str, facts: Mapping[str, Any]) -> Explanation | None:
    try:
        items = int(facts.get("items"))
        found = int(facts.get("found"))
    except (TypeError, ValueError):
        return None
    if not modality:
        return None
    missing = items - found
    if found == 0:
        text = (f"{items} {modality} item(s) were passed but the tokenized prompt holds no {modality} placeholder at all: "
                "the prompt was not built with this model's chat template (hand-written prompt, or a checkpoint whose "
                "tokenizer/processor/chat template files come from another model or training stage).")
        fix = ("Build the prompt with the model's processor (apply_chat_template) or use llm.chat / the chat endpoint.",
               "If the checkpoint is a fine-tuned export, copy tokenizer_config.json, chat_template, preprocessor_config.json "
               "from the base model into it.")
        kind = "no placeholder in the prompt"
    else:
        text = (f"{items} {modality} item(s) were passed but only {found} placeholder(s) are in the prompt: "
                f"{missing} item(s) have nowhere to go.")
        fix = (f"Give the prompt one {modality} placeholder per item ({items}), or pass only {found} item(s).",)
        kind = "fewer placeholders than items"
    return Explanation(text=text, fix=fix, derived={"kind": kind, "missing_placeholders": missing})
