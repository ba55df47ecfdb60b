"""Computed diagnosis for textgen.zero-tokens-generated: what the prompt size suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    secs = facts.get("seconds")
    ctx = facts.get("context")
    try:
        ctx_i = int(ctx) if ctx is not None else None
    except (TypeError, ValueError):
        ctx_i = None
    parts = [f"Generation stopped before the first token ({secs} s)." if secs is not None else "Generation stopped before the first token."]
    fix = []
    if ctx_i is not None and ctx_i <= 1:
        parts.append(f"The prompt was only {ctx_i} token(s): it was truncated away, typically because max_new_tokens "
                     "(API max_tokens) reserves the whole truncation_length.")
        fix.append("Lower max_new_tokens / max_tokens well below truncation_length (e.g. 512 of 4096).")
        kind = "prompt-truncated"
    elif ctx_i is not None and ctx_i >= 1800:
        parts.append(f"The prompt is {ctx_i} tokens: if truncation_length is about that size, no room is left for new "
                     "tokens, or the model ends at once.")
        fix.append(f"Raise truncation_length above {ctx_i} + max_new_tokens (within the model's context) or shorten the history/max_new_tokens.")
        kind = "context-full"
    else:
        if ctx_i is not None:
            parts.append(f"The prompt ({ctx_i} tokens) fits; the model emitted EOS or a stop string matched immediately.")
        kind = "immediate-stop"
    fix.append("Use the model's own instruction template and remove custom stopping strings; test once with 'Ban the eos_token'.")
    fix.append("If every prompt gives 0 tokens, reload the model with another loader / default quantization options.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"kind": kind})
