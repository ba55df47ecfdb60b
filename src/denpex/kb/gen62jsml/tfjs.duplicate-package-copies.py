"""Computed diagnosis for tfjs.duplicate-package-copies: which registry collided and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    count = facts.get("count")
    kind = facts.get("kind")
    url = facts.get("url")
    detail = facts.get("detail")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if isinstance(count, int) and kind in ("load", "save"):
        scheme = url.split(":", 1)[0] if isinstance(url, str) and ":" in url else "relative"
        derived["scheme"] = scheme
        derived["copies"] = count
        parts.append(f"{count} TensorFlow.js copies registered a {kind} handler for {scheme}:// URLs ({url}).")
        if kind == "save" and scheme == "file":
            fix.append("Import only one of @tensorflow/tfjs-node and @tensorflow/tfjs-node-gpu.")
        else:
            fix.append("Import only '@tensorflow/tfjs-node' (drop the '@tensorflow/tfjs' import) and align every @tensorflow/* version.")
        fix.append("npm ls @tensorflow/tfjs-core; dedupe with npm overrides / yarn resolutions to one version.")
    elif isinstance(detail, str):
        derived["engine_call"] = detail
        parts.append(f"{detail} does not exist in the tfjs-core engine that is loaded: the calling library was built for another tfjs-core version.")
        fix.append("Upgrade face-api.js (0.22+) or switch to @vladmandic/face-api, and remove the separately installed tfjs-core of another version.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
