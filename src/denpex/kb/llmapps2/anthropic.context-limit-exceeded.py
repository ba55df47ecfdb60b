"""Computed diagnosis for anthropic.context-limit-exceeded: input over the window vs input + max_tokens over it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prompt = _int(facts.get("prompt_tokens"))
    ctx = _int(facts.get("max_context"))
    out = _int(facts.get("max_tokens"))
    if prompt is None or ctx is None:
        return None
    if out is None:
        over = prompt - ctx
        return Explanation(
            text=f"The input alone is {prompt} tokens, {over} over the {ctx}-token window; lowering max_tokens cannot help.",
            fix=(f"Remove at least {over} tokens of input (plus room for the answer): trim/summarise history, drop large tool outputs or files.",),
            derived={"total_tokens": prompt, "where": f" (input alone {over} over)"},
        )
    total = prompt + out
    room = ctx - prompt
    if room > 0:
        text = (f"The input ({prompt} tokens) fits, but max_tokens={out} is reserved on top: {total} > {ctx}. "
                f"Only {room} tokens are left for the answer.")
        fix = (f"Set max_tokens to at most {room} (compute it per request as {ctx} - input tokens), or shrink the input.",)
    else:
        text = f"The input ({prompt} tokens) already fills the {ctx}-token window; max_tokens={out} comes on top."
        fix = ("Trim the input first, then size max_tokens from the remaining budget.",)
    return Explanation(text=text, fix=fix, derived={"total_tokens": total, "where": f" (input {prompt} + max_tokens {out})"})
