"""Computed diagnosis for litellm.ollama-prompt-index-error: the ollama_chat/ model string to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    group = str(facts.get("model_group") or "").strip().rstrip(".,")
    if group.startswith("ollama/"):
        name = group.split("/", 1)[1]
        return Explanation(
            text=f"LiteLLM rendered the prompt for '{group}' itself (ollama_pt) and read past the end of the message list; no request reached Ollama.",
            fix=(f"Change the model to 'ollama_chat/{name}' (same api_base).", "Or upgrade litellm (pip install -U litellm)."),
            derived={"detail": f"use ollama_chat/{name} instead of {group}"},
        )
    return Explanation(
        text="LiteLLM's ollama/ prompt builder (ollama_pt) read past the end of the message list; the 'APIConnectionError' is not a network failure.",
        fix=("Use the 'ollama_chat/<model>' prefix instead of 'ollama/<model>'.", "Or upgrade litellm (pip install -U litellm)."),
        derived={"detail": "use the ollama_chat/ prefix instead of ollama/"},
    )
