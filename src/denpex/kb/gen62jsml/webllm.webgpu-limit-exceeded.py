"""Computed diagnosis for webllm.webgpu-limit-exceeded: which WebGPU limit is short and by how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("limit_name")
    requested = facts.get("requested")
    limit = facts.get("limit")
    unit = facts.get("unit") or ""
    if not isinstance(name, str) or not isinstance(requested, int) or not isinstance(limit, int):
        return None
    derived: dict[str, Any] = {"shortfall": requested - limit}
    parts = [f"The adapter reports {name}={limit}{unit}; the runtime needs {requested}{unit}."]
    fix: list[str] = []
    if name == "maxStorageBuffersPerShaderStage":
        derived["cause"] = "browser-default-limits" if limit == 8 else "adapter-limit"
        if limit == 8:
            parts.append("8 is the WebGPU spec default: this browser hands out default limits, not the GPU's.")
        fix.append("Open the page in a current desktop Chrome/Edge (121+); check webgpureport.org shows maxStorageBuffersPerShaderStage >= 10.")
    elif name in ("maxBufferSize", "maxStorageBufferBindingSize"):
        derived["cause"] = "buffer-size-cap"
        parts.append(f"Buffers above {limit}{unit} cannot be created or bound on this adapter.")
        fix.append("Pick a smaller model or a short-context (-1k) variant whose largest buffer fits, or update the browser.")
    else:
        derived["cause"] = "adapter-limit"
        fix.append("Use a browser/GPU whose adapter reports a higher value for this limit (check webgpureport.org).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
