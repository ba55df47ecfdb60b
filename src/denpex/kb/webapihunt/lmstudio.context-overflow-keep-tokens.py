"""Computed diagnosis for lmstudio.context-overflow-keep-tokens: how much context the prompt needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIZES = (4096, 8192, 16384, 32768, 65536, 131072, 262144)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        keep = int(facts["keep_tokens"])
    except (KeyError, TypeError, ValueError):
        return None
    n_ctx = facts.get("n_ctx")
    try:
        n_ctx = int(n_ctx) if n_ctx is not None else None
    except (TypeError, ValueError):
        n_ctx = None
    # leave room for the answer: at least 1024 tokens or 10 % of the prompt
    need = keep + max(1024, keep // 10)
    target = next((s for s in _SIZES if s >= need), None)
    fix = []
    if n_ctx:
        ratio = keep / n_ctx
        text = (f"The prompt is {keep} tokens, {ratio:.1f}x the {n_ctx}-token context the model is loaded with "
                f"({keep - n_ctx} tokens too many before any answer).")
        diagnosis = f"prompt {keep} > loaded context {n_ctx}"
    else:
        text = f"The prompt is {keep} tokens, more than the context length the model is loaded with."
        diagnosis = f"prompt of {keep} tokens does not fit the loaded context"
    if target:
        fix.append(f"Reload the model with a context length of at least {target} (lms load <model> --context-length {target}), "
                   "if the model's trained context and your memory allow it.")
    else:
        fix.append("The prompt is larger than common model contexts: shorten it (fewer documents, shorter history).")
    if keep > 100000:
        fix.append("A prompt this long usually means a whole document or tool output was pasted in: send only the relevant part.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "context_needed": need})
