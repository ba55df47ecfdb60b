"""Computed diagnosis for vllm.context-length-exceeded: the budget arithmetic for this request."""

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
    derived: dict[str, Any] = {"max_tokens_that_fits": max(window - prompt, 0)}
    fix: list[str] = []
    if prompt >= window:
        derived["prompt_alone_exceeds"] = True
        text = (
            f"The prompt alone is {prompt} tokens, {prompt - window} more than the served window of "
            f"{window}: no max_tokens value can make this request fit."
        )
        fix.append(f"Truncate the prompt to at most {window - 1} tokens (e.g. truncate_prompt_tokens={window - 1}).")
        fix.append(f"Or serve a longer window: vllm serve <model> --max-model-len {prompt + (completion or 256)}.")
    else:
        derived["prompt_alone_exceeds"] = False
        if completion is not None and total is not None:
            derived["overflow"] = total - window
            text = (
                f"{prompt} prompt + {completion} completion = {total} tokens > {window} served "
                f"(over by {total - window}). The prompt fits on its own; the requested completion "
                f"does not fit in the {window - prompt} tokens left."
            )
        else:
            text = f"The prompt uses {prompt} of the {window}-token window, leaving {window - prompt} for the completion."
        fix.append(f"Client: set max_tokens <= {window - prompt} (max_tokens = {window} - {prompt}).")
        if total is not None:
            fix.append(f"Server: vllm serve <model> --max-model-len {total} (if the KV cache can hold it).")
    if total is not None:
        derived["total_tokens"] = total
    return Explanation(text=text, fix=tuple(fix), derived=derived)
