"""Computed diagnosis for langgraph.recursion-limit: default budget vs a custom one, and the node that looped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        limit = int(facts.get("recursion_limit"))
    except (TypeError, ValueError):
        return None
    node = str(facts.get("task_node") or "")
    budget = "the default limit" if limit == 25 else f"a limit set to {limit}"
    where = f" ({budget}; last task: {node})" if node else f" ({budget})"
    tool_calls = max(limit // 2, 1)
    if limit <= 10:
        text = (f"The run config set recursion_limit={limit}, a very small budget: a ReAct agent uses two super-steps per tool "
                f"call, so at most about {tool_calls} tool call(s) fit.")
        fix = [f"Raise it (config={{'recursion_limit': {max(limit * 4, 25)}}}) or handle GraphRecursionError as a deliberate cut-off."]
    elif limit == 25:
        text = ("The graph used the default budget of 25 super-steps (about 12 model+tool rounds for a ReAct agent) without "
                "reaching END: either it loops or the task needs more steps.")
        fix = ["Stream with stream_mode='updates' to see which nodes repeat; add an exit to that cycle.",
               "If the run is legitimately long, pass config={'recursion_limit': 100} to invoke/stream."]
    else:
        text = (f"The graph ran {limit} super-steps (a raised limit, about {tool_calls} model+tool rounds) and still did not "
                "reach END: with a budget this large a loop is the likely cause.")
        fix = ["Find the repeating nodes (stream_mode='updates') and add a stop condition (attempt counter in the state, "
               "remaining_steps) instead of raising the limit again."]
    if node:
        fix.insert(0, f"Start with node '{node}': check the conditional edge after it can route to END.")
    return Explanation(text=text + (f" The last task was '{node}'." if node else ""), fix=tuple(fix), derived={"where": where})
