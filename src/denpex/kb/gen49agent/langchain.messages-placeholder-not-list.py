"""Explain langchain.messages-placeholder-not-list: which placeholder got what, and the usual culprit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("variable") or "")
    if not var:
        return None
    value = str(facts.get("value") or "").strip()
    vtype = str(facts.get("value_type") or "")
    if vtype:
        given = f"a {vtype}" + (" (empty)" if not value else "")
    elif not value:
        given = "an empty value (a string)"
    elif value.startswith("["):
        given = "a list that contains non-message items"
    else:
        given = "a non-list value"
    fix: list[str] = []
    if var == "agent_scratchpad":
        diagnosis = "agent-prompt-mismatch"
        text = ("The agent constructor formats its scratchpad as text (ReAct-style: create_react_agent, initialize_agent) "
                "but the prompt declares MessagesPlaceholder('agent_scratchpad'), which needs a list of messages.")
        fix.append("With a prompt that has MessagesPlaceholder('agent_scratchpad'), build the agent with create_tool_calling_agent (or create_openai_tools_agent).")
        fix.append("Or keep create_react_agent and use a ReAct string prompt with {agent_scratchpad} as plain text (e.g. hub 'hwchase17/react').")
    elif var in ("chat_history", "history", "messages", "memory"):
        diagnosis = "history-not-messages"
        text = (f"The '{var}' placeholder needs a list of messages, but got {given}: a memory returning text "
                "(return_messages=False) or a history list with plain strings.")
        fix.append("Create the memory with return_messages=True, or convert entries to HumanMessage/AIMessage before invoking.")
    else:
        diagnosis = "placeholder-value"
        text = f"The prompt's MessagesPlaceholder('{var}') was filled with {given}; it accepts only a list of messages."
        fix.append(f"Pass {var}=[HumanMessage(...), AIMessage(...)] (or make that part of the prompt a plain {{{var}}} string variable).")
    return Explanation(text=text, fix=tuple(fix), derived={"given": given, "diagnosis": diagnosis})
