"""Computed diagnosis for openai.endpoint-path-not-found: which part of the URL is wrong."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_URL = re.compile(r"^(?P<root>https?://[^/]+)(?P<rest>/[^?#]*)$")
_SUFFIXES = ("/chat/completions", "/completions", "/embeddings", "/responses")


def _split(url: str) -> tuple[str, str, str] | None:
    m = _URL.match(url)
    if not m:
        return None
    rest = m.group("rest")
    for suffix in _SUFFIXES:
        if rest.endswith(suffix):
            return m.group("root"), rest[: -len(suffix)], suffix
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = str(facts.get("url") or "")
    path = str(facts.get("path") or "")
    root = ""
    prefix = None
    suffix = path
    parts = _split(url) if url else None
    if parts:
        root, prefix, suffix = parts
    elif path:
        prefix = "/v1/v1" if path.startswith("/v1/v1/") else ""
        suffix = path[len(prefix):]
    if prefix is None:
        return Explanation(
            text=("The server answered its framework's generic 404 (no route at that path): the URL the client built "
                  "from base_url is wrong, or the server does not implement the endpoint."),
            fix=("Print client.base_url and make sure base_url + /chat/completions is a route the server lists in "
                 "/openapi.json (usually base_url = http://HOST:PORT/v1).",),
            derived={"diagnosis": "no route at the requested path (check base_url and /v1)"},
        )
    ollama = ":11434" in root
    good = f"{root or 'http://HOST:PORT'}/v1"
    if prefix == "":
        diagnosis = f"base_url has no /v1 prefix (POST {suffix} at the server root)"
        text = (f"The client posted to {url or suffix}: the path starts right after host:port, but OpenAI-compatible "
                "servers mount their routes under /v1, so the framework router answered 404 before any model code ran.")
        fix = [f"Set base_url to {good}" + (" (Ollama's OpenAI-compatible API lives under /v1)." if ollama else ".")]
    elif prefix.rstrip("/").endswith("/v1/v1") or "/v1/v1" in prefix:
        diagnosis = "/v1 appears twice in the request path"
        text = (f"The request path {url or path} contains /v1 twice: the wrapper adds /v1 itself and base_url already had it.")
        fix = ["Remove /v1 from base_url, or use a client/provider that takes base_url as given."]
    elif prefix.rstrip("/").endswith("/v1"):
        diagnosis = f"the server has no {suffix} route under {prefix}"
        text = (f"base_url ends in /v1 as it should, yet {suffix} is not served there: the server does not implement this "
                "endpoint (embeddings or responses on a chat-only/older server), or another service answers on that port.")
        fix = [f"List the server's routes (curl {root or 'http://HOST:PORT'}/openapi.json) and call one it provides, or start a server that implements {suffix}."]
    else:
        diagnosis = f"base_url carries an unexpected path '{prefix}'"
        text = (f"base_url contains '{prefix}' before {suffix}; the client appends {suffix} itself, so the final URL "
                f"{url} is not a route of the server.")
        fix = [f"Set base_url to the server's OpenAI prefix (usually {good}) without endpoint paths."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
