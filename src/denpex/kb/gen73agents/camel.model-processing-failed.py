"""Explain camel.model-processing-failed: classify the quoted backend error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    error = str(facts.get("error") or "")
    model = str(facts.get("model") or "")
    backend = str(facts.get("backend") or "")
    low = error.lower()
    fix: list[str] = []
    if facts.get("all_failed"):
        diagnosis = "every model in the agent's model list failed"
        fix.append("Read the 'An error occurred while running model' lines above for each model's exception.")
    elif "validation error for" in low:
        diagnosis = "the model's answer did not fit the requested structured output"
        fix.append("Use a model with reliable JSON/structured output for this agent (Workforce coordinator/planner), or simplify the schema.")
    elif "connection" in low or "connect" in low or "timed out" in low:
        diagnosis = "the model server could not be reached"
        fix.append("Start the model server and pass its OpenAI-compatible root (http://host:port/v1) as url; add localhost to NO_PROXY.")
    elif "error code: 401" in low or "error code: 403" in low or "api key" in low:
        diagnosis = "the API key was rejected"
        fix.append("Pass a valid api_key for this platform.")
    elif "error code: 404" in low:
        diagnosis = "the model or URL is not served by the endpoint"
        fix.append("Check model_type and url against the endpoint's /models list.")
    elif error:
        diagnosis = f"the backend raised: {error[:120]}"
        fix.append("Fix the backend error quoted after 'Error:'.")
    else:
        diagnosis = "the backend call raised; the exception is logged with this line"
        fix.append("Read the exception logged with 'An error occurred while running model' and test the backend with one direct call.")
    if backend in ("vllm_model", "ollama_model", "openai_compatible_model", "lmstudio_model"):
        fix.append(f"Backend {backend}: make sure the local server is running and reachable at the configured url.")
    text = (f"A CAMEL ChatAgent step got no response from its model backend{(' (' + model + ')') if model else ''}: "
            f"{diagnosis}. With one model configured the agent raises ModelProcessingError and the run stops.")
    derived = {"diagnosis": diagnosis}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
