"""Computed diagnosis for sacred.config-rejected: which check fired, the key involved and the fix for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _override_key(facts: Mapping[str, Any]) -> tuple[str | None, str | None]:
    key = facts.get("key")
    conflicting = facts.get("conflicting")
    value = None
    if not key and isinstance(conflicting, str) and "=" in conflicting:
        key, value = (part.strip() for part in conflicting.split("=", 1))
    return (key or None), value


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig in ("config-added", "config-added-quoted"):
        key, value = _override_key(facts)
        parts = [
            f"The override {key + '=' + value if key and value else key or 'given after `with`'} names a config key that "
            "no config scope/YAML of this run defines and no captured function takes."
        ]
        fix: list[str] = []
        derived: dict[str, Any] = {"what": f"unknown config key {key}" if key else "unknown config key"}
        if key:
            derived["unknown_key"] = key
            if key == "env_args.key":
                parts.append(
                    "env_args.key is EPyMARL's gym-env selector (--env-config=gymma); SMAC configs (--env-config=sc2) take env_args.map_name."
                )
                map_name = value.split(":", 1)[1] if value and ":" in value else value
                fix.append(f"python src/main.py --config=<alg> --env-config=sc2 with env_args.map_name={map_name or '<map>'}")
            elif key.startswith("env_args."):
                parts.append("env_args.* keys come from the env YAML selected with --env-config; check that file for the name.")
            fix.append(f"grep -rn '{key.split('.')[-1]}' src/config/  # use the spelling this checkout defines, or add the key there first")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if sig == "read-only-config":
        code = (facts.get("code") or "").strip()
        text = "The code assigns into Sacred's config inside a captured function; Sacred >= 0.7.3 hands it out read-only."
        fix = [
            "work on a copy: config = copy.deepcopy(dict(_config)) and change config instead of _config",
            "or, for legacy repositories: from sacred import SETTINGS; SETTINGS.CONFIG.READ_ONLY_CONFIG = False (before Experiment is created)",
        ]
        derived = {"what": "config mutated inside a captured function"}
        if code:
            text += f" The assignment is `{code}`."
            derived["assignment"] = code
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "named-config-not-found":
        name = facts.get("named_config") or "?"
        return Explanation(
            text=f"`with {name}` asks for a named config this experiment does not define.",
            fix=(f"list them with: python <script> print_config; pass a config file path (with {name}.yaml) or one of the listed names",),
            derived={"what": f"named config {name} not defined"},
        )
    return None
