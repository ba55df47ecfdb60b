"""Computed diagnosis for litgpt.unsupported-model: the name LitGPT could not resolve and what to pass instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FAMILIES = (("llama-3", "Llama-3-8B"), ("llama-2", "Llama-2-7b-hf"), ("mistral", "Mistral-7B-v0.1"),
             ("qwen2.5", "Qwen2.5-7B"), ("phi-3", "Phi-3-mini-4k-instruct"), ("gemma", "gemma-2b"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or facts.get("repo_id") or "").strip()
    if not name:
        return None
    short = name.split("/")[-1]
    guess = next((cfg for key, cfg in _FAMILIES if key in short.lower()), None)
    text = f"LitGPT's config table has no entry named '{short}'."
    fix = ["pip install -U litgpt   # newer releases add models; then: litgpt download list | grep -i " + short.split("-")[0]]
    if re.search(r"(?i)instruct|chat|v0\.\d|-it\b", short):
        text += " It looks like a variant (instruct/chat/version) that may be newer than this LitGPT release."
    if guess:
        fix.append(f"If it keeps the base architecture: --model_name {guess} (e.g. litgpt download {name} --model_name {guess}).")
    else:
        fix.append("If it is a fine-tune of a supported architecture: pass --model_name <supported config name>.")
    return Explanation(text=text, fix=tuple(fix), derived={"config_name": short})
