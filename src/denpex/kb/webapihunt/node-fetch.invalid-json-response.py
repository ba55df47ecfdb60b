"""Computed diagnosis for node-fetch.invalid-json-response: what the reason says the body was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    url = str(facts.get("url") or "")
    if not reason and not url:
        return None
    path = urlsplit(url).path if url else ""
    fix = []
    if "Unexpected end of JSON input" in reason:
        diagnosis = "empty response body"
        text = f"{url or 'The backend'} answered with an empty body: the request failed on the backend or the endpoint no longer exists in that form."
        fix.append("Read the backend console for the exception at that request.")
    elif "Unexpected token <" in reason or "'<'" in reason:
        diagnosis = "HTML page instead of JSON"
        text = f"{url or 'The backend'} answered with an HTML page (error page, login/tunnel page or the web UI), not the API."
        fix.append("Open the URL in a browser or curl -i it: use the API port/path, not the UI page.")
    else:
        diagnosis = "malformed JSON body"
        text = f"{url or 'The backend'} answered with a body that is not one JSON document ({reason})."
        fix.append("If the body is an SSE stream (data: ...), enable streaming in the client or disable it on the proxy.")
    if path.startswith("/api/v1/"):
        fix.insert(0, "The path is the legacy text-generation-webui/KoboldAI API (/api/v1/...): text-generation-webui removed it in Nov 2023; "
                      "start it with --api and use its OpenAI-compatible /v1 API, or pick the right API type in the front-end.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
