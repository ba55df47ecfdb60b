"""Computed diagnosis for openai.tool-call-message-order: orphan tool result vs unanswered tool call, and where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    idx = facts.get("message_index")
    ids = str(facts.get("missing_ids") or "")
    at = f" at message {idx}" if idx is not None else ""
    if sig in ("tool-message-without-tool-calls", "anthropic-orphan-tool-result"):
        kind = "tool message" if sig.startswith("tool") else "tool_result block"
        text = (f"A {kind}{at}{f' (id {ids})' if ids else ''} has no matching tool call in the assistant message right before it: "
                "typically the history was trimmed or summarised and the assistant message that requested the call was cut, "
                "or it was stored without its tool calls.")
        fix = ("After trimming, drop leading/orphan tool messages (or trim on whole turns: start_on='human').",
               "Store assistant messages with their tool_calls intact when persisting memory.")
        where = f" (orphan tool result{at})"
    elif sig in ("tool-calls-without-tool-messages", "anthropic-tool-use-without-result"):
        text = (f"The assistant requested tool call(s){f' {ids}' if ids else ''}{at} that were never answered before the next turn: "
                "a tool raised, a run was interrupted, or only some of several parallel calls got a result.")
        fix = ((f"Append a tool result for {ids} (an error text is fine) before the next request." if ids
                else "Append one tool result per requested id (an error text is fine) before the next request."),
               "Use ToolNode(handle_tool_errors=True) / catch tool exceptions so every call gets a result; or set parallel_tool_calls=False.")
        where = f" (unanswered tool call{f' {ids}' if ids else ''}{at})"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"where": where})
