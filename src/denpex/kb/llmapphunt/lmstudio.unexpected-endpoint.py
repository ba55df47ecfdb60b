"""Computed diagnosis for lmstudio.unexpected-endpoint: what the requested path says about the client's base URL."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_V1 = ("chat/completions", "completions", "embeddings", "models", "responses")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "").upper()
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    req = f"{method} {path}".strip()
    if path in ("/", "/favicon.ico", "/robots.txt"):
        return Explanation(
            text=f"{req} is a browser visit or health probe on the server root: harmless, not an API call.",
            fix=("Nothing to fix for this line; API clients must use http://<host>:1234/v1.",),
        )
    if "//" in path:
        return Explanation(
            text=f"{req} has a double slash: the client's base URL ends with '/'.",
            fix=(f"Remove the trailing slash: base URL http://<host>:1234/v1 (requested {path}).",),
        )
    if path.startswith("/v1/v1/"):
        return Explanation(text=f"{req}: /v1 is in the base URL twice.", fix=("Use base URL http://<host>:1234/v1 once (the SDK appends the rest).",))
    if path.startswith(("/api/", "/v1/api/")) and not path.startswith(("/api/v0/", "/api/v1/")):
        return Explanation(
            text=f"{req} is an Ollama-API path: the client speaks Ollama's API, LM Studio serves the OpenAI-compatible /v1 API.",
            fix=("Switch the app to its OpenAI-compatible provider with base URL http://<host>:1234/v1, or run it against Ollama.",),
        )
    bare = path.lstrip("/")
    if bare.startswith(_V1):
        return Explanation(
            text=f"{req} lacks the /v1 prefix: the client's base URL is missing /v1.",
            fix=(f"Set the base URL to http://<host>:1234/v1 (the request should be {method} /v1/{bare}).",),
        )
    return Explanation(
        text=f"LM Studio has no handler for {req}; it answered 200 with an error body.",
        fix=("Point the client at an endpoint LM Studio lists at server start (/v1/models, /v1/chat/completions, /v1/completions, /v1/embeddings).",),
    )
