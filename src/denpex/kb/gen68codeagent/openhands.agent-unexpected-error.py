"""Computed diagnosis for openhands.agent-unexpected-error: what the exception class points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES: dict[str, tuple[str, str]] = {
    "APIConnectionError": ("LLM endpoint not reachable from the OpenHands container",
                           "Use a base URL the container can reach (http://host.docker.internal:<port>/v1 for local servers, not localhost) and set NO_PROXY for it."),
    "NotFoundError": ("model or URL not found at the LLM provider",
                      "Check the model string and its LiteLLM provider prefix (openai/, ollama/, azure/, openrouter/) and that the base URL ends in /v1."),
    "AuthenticationError": ("LLM API key rejected",
                            "Set a valid API key for this provider in Settings or LLM_API_KEY."),
    "PermissionDeniedError": ("LLM API key lacks access to this model",
                              "Use a key/project with access to the model or pick another model."),
    "BadRequestError": ("LLM rejected the request (parameters, tools or context)",
                        "Read the provider message in the server log; use a model with function calling and enough context, or disable native function calling."),
    "ContextWindowExceededError": ("conversation exceeds the model's context window",
                                   "Use a model with a larger context or enable the memory condenser; start a new conversation."),
    "RateLimitError": ("LLM provider rate limit or quota",
                       "Wait or raise the quota; lower parallel conversations; check billing."),
    "InternalServerError": ("LLM provider or local server failed",
                            "Check the model server's own log; with Azure and others make sure the model carries its provider prefix."),
    "APIError": ("LLM provider or local server returned an error",
                 "Read the message in the server log; test the endpoint with curl from inside the container."),
    "ServiceUnavailableError": ("LLM provider unavailable",
                                "Retry later or switch provider/model."),
    "Timeout": ("LLM call timed out",
                "Raise the LLM timeout, use a faster model, or make sure the local model is loaded before starting."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    etype = str(facts.get("error_type") or "").strip()
    detail = str(facts.get("detail") or "").strip(" :")
    short = etype.rsplit(".", 1)[-1]
    if short in _CAUSES:
        diagnosis, fix = _CAUSES[short]
        text = (f"The agent step failed in the LLM call ({short}): {diagnosis}. OpenHands relays only the class name; "
                "the 'Error while running the agent' line in the server log has the provider's message.")
        if detail:
            text += f" Message: {detail[:200]}"
        return Explanation(text=text, fix=(fix,), derived={"diagnosis": diagnosis})
    if short:
        diagnosis = "error outside the LLM call (OpenHands/LiteLLM bug, stuck agent or runtime)"
        text = (f"The agent step raised {short}, which is not an LLM provider error: look at the traceback under "
                "'Error while running the agent' in the server log to see which component raised it.")
        return Explanation(text=text, fix=("Upgrade OpenHands (app and runtime together) or start a new conversation; report the traceback if it persists.",),
                           derived={"diagnosis": diagnosis})
    diagnosis = "unknown exception in the agent loop"
    text = "The agent loop raised; the server log line 'Error while running the agent' carries the exception."
    return Explanation(text=text, fix=("Read docker logs openhands-app around the error.",), derived={"diagnosis": diagnosis})
