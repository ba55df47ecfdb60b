"""Computed diagnosis for docker.compose-variable-unset: what an empty value of this variable breaks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(name: str) -> str:
    up = name.upper()
    if "VERSION" in up or up.endswith("_TAG") or up == "TAG":
        return "version"
    if any(k in up for k in ("URI", "URL", "HOST", "ENDPOINT", "ADDR")):
        return "endpoint"
    if any(k in up for k in ("PASSWORD", "PASS", "SECRET", "TOKEN", "KEY")):
        return "secret"
    if any(k in up for k in ("PORT",)):
        return "port"
    return "value"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("variable") or "").strip()
    if not var:
        return None
    kind = _kind(var)
    effect = {
        "version": f"a pin such as 'pip install pkg==${{{var}}}' or 'image:${{{var}}}' lost its version (pkg== is an invalid requirement, image: has no tag)",
        "endpoint": f"the service gets an empty {var}: a tracking/backend URI or host of '' makes the server exit or the client talk to nothing",
        "secret": f"{var} is blank: the database/object store rejects the login, or initialises with an empty credential",
        "port": f"{var} is empty, so the port mapping or --port argument is malformed",
        "value": f"every place that uses ${{{var}}} now holds an empty string",
    }[kind]
    fix = [
        f"Define {var}: add {var}=<value> to the .env in the compose project directory (or pass --env-file), or export {var}=<value> in the shell that runs docker compose (not lost through sudo).",
        f"In the compose file use ${{{var}:?set {var} in .env}} (required) or ${{{var}:-<default>}} (optional).",
        "Check the rendered result: docker compose config",
    ]
    return Explanation(
        text=f"docker compose did not find {var} in its environment or .env and substituted an empty string: {effect}.",
        fix=tuple(fix),
        derived={"variable_kind": kind},
    )
