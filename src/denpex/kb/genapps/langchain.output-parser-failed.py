"""Computed diagnosis for langchain.output-parser-failed: which parser, and what the raw reply shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    out = str(facts.get("llm_output") or "").strip()
    err = str(facts.get("parse_error") or "")
    derived: dict[str, Any] = {"detail": ""}
    fix: list[str] = []
    if sig in ("invalid-json-output", "pydantic-failed-to-parse"):
        parser = "JSON" if sig == "invalid-json-output" else f"{facts.get('model_class') or 'Pydantic'} (Pydantic)"
        derived["parser"] = parser
        if out and not out.lstrip().startswith(("{", "[", "```")):
            derived["detail"] = ": the reply starts with prose, not JSON"
            text = f"The {parser} parser got a reply that begins with text instead of JSON ({out[:80]!r})."
        elif out.lstrip().startswith("```"):
            derived["detail"] = ": the JSON is wrapped in a markdown fence"
            text = f"The {parser} parser got JSON inside a markdown code fence."
        elif "Unterminated" in err or "Expecting" in err or "EOF" in err:
            derived["detail"] = ": the JSON is incomplete (likely cut off by max_tokens)"
            text = f"The {parser} parser got incomplete JSON ({err[:120]})."
            fix.append("Raise max_tokens (or shorten the requested output) so the JSON is not truncated.")
        else:
            derived["detail"] = ": the JSON did not validate" + (f" ({err[:80]})" if err else "")
            text = f"The {parser} parser could not load/validate the reply{(': ' + err[:160]) if err else ''}."
        fix.append("Use llm.with_structured_output(<Model>) or the provider's JSON mode instead of parsing free text.")
        fix.append("Or wrap the parser: OutputFixingParser.from_llm(parser=parser, llm=llm).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["parser"] = "ReAct agent (Action / Final Answer)"
    if sig == "final-answer-and-action" or "both a final answer" in err:
        derived["detail"] = ": the reply contained both an Action and a Final Answer"
        text = "The model wrote an Action and a Final Answer in the same reply (usually it also invented the Observation)."
        fix.append("Make sure 'Observation:' is a stop sequence for the LLM (create_react_agent sets it; some local servers ignore stop).")
    elif sig == "agent-executor-wrapper" or sig == "could-not-parse-llm-output":
        body = out or err.split("Could not parse LLM output:", 1)[-1].strip(" `")
        if not body.strip(" `"):
            derived["detail"] = ": the reply was empty"
            text = "The model returned an empty reply, so the agent parser found no Action or Final Answer."
            fix.append("Check stop sequences / max_tokens and the model server; an empty completion is not a format problem.")
        else:
            derived["detail"] = ": the reply had no 'Action:' or 'Final Answer:' line"
            text = (f"The model answered in free text ({body[:100]!r}) without the 'Action:' / 'Final Answer:' lines the "
                    "ReAct parser needs.")
    else:
        text = "The model's reply did not follow the agent's text format."
    fix.append("Use a tool-calling agent (create_tool_calling_agent or LangGraph create_react_agent) with a model that supports tool calling.")
    fix.append("Or AgentExecutor(agent=..., tools=..., handle_parsing_errors=True, max_iterations=...) so the error is fed back and the model retries.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
