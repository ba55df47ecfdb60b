"""Computed diagnosis for ollama.newer-version-required: stale daemon vs old install vs pre-release."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _vtuple(v: Any) -> tuple[int, ...] | None:
    if not isinstance(v, str):
        return None
    parts = []
    for p in v.split("-")[0].split(".")[:3]:
        if not p.isdigit():
            return None
        parts.append(int(p))
    return tuple(parts)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    server, client = facts.get("server_version"), facts.get("client_version")
    pre = bool(facts.get("prerelease"))
    sv, cv = _vtuple(server), _vtuple(client)
    derived: dict[str, Any] = {"prerelease_required": pre}
    if sv and cv and cv > sv:
        derived["stale_server"] = True
        text = (
            f"The CLI is {client} but the server doing the pull is still {server}: the upgrade installed a new "
            f"binary while the old daemon keeps running, and the registry checks the daemon's version."
        )
        fix = (
            "Restart the server so the new binary serves: systemctl restart ollama (Linux), quit and reopen the app (macOS/Windows), or stop the stale 'ollama serve'.",
            "Then `ollama -v` must print no 'client version is' warning; pull again.",
        )
    elif pre:
        text = "The model needs an Ollama release that is still a pre-release" + (f" (server is {server})." if server else ".")
        fix = (
            "Install the release candidate: curl -fsSL https://ollama.com/install.sh | OLLAMA_VERSION=<x.y.z-rcN> sh, and restart the server.",
            "Or wait for the stable release / pull an older tag of the model.",
        )
    else:
        text = "The Ollama server is older than the model's minimum version" + (f" (server {server})." if server else ".")
        fix = (
            "Upgrade the server (install.sh, desktop installer or a newer ollama/ollama image) and restart it.",
        )
    return Explanation(text=text, fix=fix, derived=derived)
