"""Computed diagnosis for ollama.client-connection-failed: refused vs unreachable vs generic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REFUSED = {111, 61, 10061}
_UNREACH = {65, 113, 101, 51, 10065, 10051}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "").strip()
    errno = facts.get("errno")
    try:
        errno = int(errno) if errno is not None else None
    except (TypeError, ValueError):
        errno = None
    if errno in _REFUSED or "refused" in cause.lower():
        text = "The connection to Ollama was refused: nothing listens at the configured address (server down, or bound to 127.0.0.1 of another machine/container)."
        fix = ("Start Ollama (ollama serve / the app) and check curl <api_base>/api/version from where the client runs.",
               "From Docker use http://host.docker.internal:11434; for a remote server set OLLAMA_HOST=0.0.0.0 there.")
    elif errno in _UNREACH or "route" in cause.lower() or "unreachable" in cause.lower():
        text = "The Ollama host is unreachable from the client (wrong IP, firewall, or different network)."
        fix = ("Check the IP in api_base and that port 11434 is open on that host's firewall.",
               "Make Ollama listen on all interfaces: OLLAMA_HOST=0.0.0.0:11434.")
    elif cause:
        text = f"The client could not open a connection to Ollama ({cause})."
        fix = ("Check the Ollama URL the client uses (api_base / base_url / OLLAMA_HOST) with curl <url>/api/version from the same host or container.",)
    else:
        text = "The Ollama Python client could not connect to the server."
        fix = ("Start Ollama and set OLLAMA_HOST / Client(host=...) to an address reachable from this process.",)
        cause = "connect error"
    return Explanation(text=text, fix=fix, derived={"cause": cause})
