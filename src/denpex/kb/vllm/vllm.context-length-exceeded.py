"""Computed diagnosis for vllm.context-length-exceeded: the token budget arithmetic for this request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    window = facts.get("max_model_len")
    prompt = facts.get("prompt_tokens")
    completion = facts.get("completion_tokens")
    total = facts.get("total_tokens")
    if window is None or prompt is None:
        return None
    if total is None and completion is not None:
        total = prompt + completion
    room = max(window - prompt, 0)
    derived: dict[str, Any] = {"max_tokens_that_fits": room, "prompt_alone_exceeds": prompt >= window}
    parts: list[str] = []
    fix: list[str] = []
    if completion is not None and total is not None:
        derived["total_tokens"] = total
        derived["overflow"] = total - window
        parts.append(
            f"{prompt} prompt + {completion} completion = {total} tokens > {window} served (over by {total - window})."
        )
    else:
        parts.append(f"The prompt is {prompt} tokens against a served window of {window}.")
    if prompt >= window:
        parts.append(
            f"The prompt alone exceeds the window by {prompt - window + (0 if prompt > window else 1)} token(s), "
            "so no max_tokens value can make this request fit: the prompt must shrink or the window must grow."
        )
        keep = f"{window - completion}" if completion and window > completion else None
        if keep:
            fix.append(f"Client: cut the prompt to <= {keep} tokens ({window} - {completion}) to keep max_tokens={completion}.")
        else:
            fix.append(f"Client: cut the prompt below {window} tokens (e.g. truncate_prompt_tokens={window - 1}).")
    else:
        parts.append(
            f"The prompt fits on its own; only {room} tokens are left for the completion, "
            f"so max_tokens must be <= {room}."
        )
        fix.append(f"Client: set max_tokens <= {room} (max_tokens = {window} - {prompt}).")
    need = total if total is not None else prompt + 1
    fix.append(f"Server: vllm serve <model> --max-model-len {need} (only if the model was trained for it and the KV cache can hold it).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
