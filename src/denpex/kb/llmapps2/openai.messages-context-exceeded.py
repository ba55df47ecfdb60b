"""Computed diagnosis for openai.messages-context-exceeded: how far over the window the request is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        ctx = int(facts.get("max_context"))
        got = int(facts.get("prompt_tokens"))
    except (TypeError, ValueError):
        if str(facts.get("_signature") or "") == "input-exceeds-context-window":
            return Explanation(
                text="The Responses API input (instructions, history, tool results, files) is larger than the model's context window; the error does not print the numbers.",
                fix=("Compact or trim the conversation (summarise old turns, drop large tool outputs) and retry; start a new conversation if the client cannot compact.",),
                derived={"where": " (Responses API; sizes not printed)"},
            )
        return None
    over = got - ctx
    ratio = got / ctx if ctx else 0.0
    if ratio <= 1.05:
        text = (f"The request is {over} tokens ({(ratio - 1) * 100:.1f}%) over the {ctx}-token window: the history just crossed it, "
                "typically a trimmer set at the model limit without room for tool definitions and per-message overhead.")
        fix = (f"Set the history/RAG budget to about {int(ctx * 0.75)} tokens (leaving room for tools and the answer).",)
    elif ratio <= 2:
        text = f"The request is {over} tokens over the {ctx}-token window ({ratio:.1f}x): history or retrieved context keeps growing without a bound."
        fix = ("Trim or summarise the history and reduce retrieved chunks (k, chunk_size).",
               f"Or use a model whose window exceeds {got} tokens with margin.")
    else:
        text = (f"The request is {ratio:.1f}x the {ctx}-token window ({got} tokens): a whole document, file or tool output was "
                "pasted into the messages.")
        fix = ("Chunk and retrieve the document instead of sending it whole; truncate tool outputs before appending them.",)
    return Explanation(text=text, fix=fix, derived={"where": f" ({over} over)"})
