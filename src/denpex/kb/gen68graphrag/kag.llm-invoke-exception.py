"""Computed diagnosis for kag.llm-invoke-exception: name the backend error wrapped in the retry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RAISED = re.compile(r"raised (\w+)>")
_CAUSES = {
    "BadRequestError": "the endpoint rejected the request (model name, unsupported parameter, or prompt over the context)",
    "NotFoundError": "the model or endpoint path does not exist at base_url",
    "AuthenticationError": "the api_key is wrong or missing",
    "PermissionDeniedError": "the api_key may not use this model",
    "APIConnectionError": "base_url is not reachable from the KAG process",
    "APITimeoutError": "the model server did not answer in time",
    "RateLimitError": "the provider rate-limited the requests",
    "InternalServerError": "the model server failed while answering",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    info = str(facts.get("info") or "").split(" llm input:")[0].strip()
    m = _RAISED.search(info)
    inner = m.group(1) if m else None
    if inner is None:
        for name in _CAUSES:
            if name in info:
                inner = name
                break
    diagnosis = _CAUSES.get(inner or "", f"the backend error was: {info}" if info else "see the traceback logged 'during invocation'")
    note = f" ({inner})" if inner else ""
    text = f"KAG's LLM client gave up on the model call{note}: {diagnosis}."
    return Explanation(text=text, fix=(), derived={"diagnosis": diagnosis, "inner_note": note})
