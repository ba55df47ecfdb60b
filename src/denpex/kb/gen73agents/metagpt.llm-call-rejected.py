"""Explain metagpt.llm-call-rejected: what the 4xx status says about config2.yaml."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXC_STATUS = {
    "AuthenticationError": 401,
    "PermissionDeniedError": 403,
    "PermissionError": 403,
    "NotFoundError": 404,
    "InvalidRequestError": 400,
    "BadRequestError": 400,
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("status")
    exc = str(facts.get("exception") or "")
    detail = str(facts.get("detail") or "")
    if not status and exc:
        status = _EXC_STATUS.get(exc)
    fix: list[str] = []
    if status == 404 and "does not exist" in detail:
        diagnosis = "the model name is not served by the endpoint or not available to this key"
        fix.append("Set llm.model in config2.yaml to a model the endpoint lists (GET <base_url>/models).")
    elif status == 404:
        diagnosis = "base_url does not point at the API root (or the model path is unknown there)"
        fix.append("Fix llm.base_url in config2.yaml: the API root ending in /v1 for OpenAI-compatible servers, no extra path.")
    elif status in (401, 403):
        diagnosis = "the API key is missing, wrong or not entitled to this model"
        fix.append("Put a valid key for this provider in llm.api_key (config2.yaml); check the organisation/project access.")
    elif status in (400, 422):
        diagnosis = "the endpoint rejects the request format or a parameter"
        fix.append("Check api_type and model for this backend; non-OpenAI servers may need their own api_type.")
    else:
        diagnosis = f"the provider rejected the call ({exc or status})"
        fix.append("Check api_type, base_url, model and api_key in the llm section of config2.yaml.")
    fix.append("Test the same base_url/model/key with curl before re-running; more retries will not help.")
    text = (f"Each attempt of the MetaGPT LLM call got the same rejection ({status or exc}); tenacity retries it a few "
            f"times and then the role stops with RetryError. Likely: {diagnosis}.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "status": status} if status else {"diagnosis": diagnosis})
