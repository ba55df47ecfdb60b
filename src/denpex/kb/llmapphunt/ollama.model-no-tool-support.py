"""Computed diagnosis for ollama.model-no-tool-support: which model and capability, and whether it looks locally created."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NO_TOOLS = ("deepseek-r1", "gemma", "phi", "smollm", "llava", "codellama", "qwen:", "tinyllama")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    cap = str(facts.get("capability") or "tools")
    if not model:
        return None
    short = model.split("/")[-1]
    local = not model.startswith(("registry.ollama.ai/", "hf.co/")) or short[:1].isupper()
    fixes = []
    if cap == "tools":
        if any(short.lower().startswith(p) for p in _NO_TOOLS):
            fixes.append(f"'{short}' has no tool template in the Ollama library: pick a model tagged 'tools' (qwen3, qwen2.5, llama3.1, mistral-nemo) for this agent.")
        if local:
            fixes.append(f"'{short}' looks locally created: add the TEMPLATE of an official tool-capable tag to its Modelfile and re-run ollama create.")
        fixes.append(f"Check: ollama show {short}  (Capabilities must list 'tools'); or switch tool calling off for this agent.")
    else:
        fixes.append(f"Check: ollama show {short}  (Capabilities must list '{cap}'); use a model that has it or stop requesting {cap}.")
    return Explanation(
        text=f"Ollama refused the request: model '{short}' has no '{cap}' capability in its chat template, so every request that asks for {cap} gets HTTP 400.",
        fix=tuple(fixes),
        derived={"model": short},
    )
