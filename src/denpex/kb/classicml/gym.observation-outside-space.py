"""Computed diagnosis for gym.observation-outside-space: where it failed and the likely violation from the space."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if not sig:
        return None
    where = facts.get("where") or ("reset" if "reset" in str(sig) else "reset/step")
    space = (facts.get("space") or "").strip()
    if (not space or space == "{}") and facts.get("space_repr"):
        space = str(facts.get("space_repr")).strip()
    fix = ["return np.asarray(obs, dtype=self.observation_space.dtype).reshape(self.observation_space.shape)"]
    hints: list[str] = []
    m = re.search(r"\b(float16|float32|float64|int8|uint8|int16|int32|int64|bool)\b", space)
    if space.startswith("Box") or "Box(" in space:
        if m:
            hints.append(f"the Box expects {m.group(1)}; float64 from NumPy/pandas is the most common mismatch")
        shp = re.search(r"\((\d+(?:, ?\d+)*),?\)", space)
        if shp:
            hints.append(f"declared shape ({shp.group(1)})")
        if not hints:
            hints.append("Box space: check dtype (float32 vs float64), shape and that every value is inside low/high")
        fix.append("clip to the bounds (np.clip(obs, space.low, space.high)) or declare unbounded features with -np.inf/np.inf")
    elif space.startswith("Dict") or "Dict(" in space:
        hints.append("Dict space: keys and each sub-observation's dtype/shape must match")
        fix.append("build the dict from self.observation_space.spaces and cast each value to its sub-space")
    elif space.startswith("Discrete"):
        hints.append("Discrete space: return a Python/NumPy int in [0, n)")
    else:
        hints.append("check dtype, shape, bounds and container type (np.ndarray, not list)")
        fix.append("np.clip(obs, space.low, space.high) for Box spaces")
    if sig == "gymnasium-warn-not-within":
        text = f"Gymnasium warns that the {where}() observation is outside the space; SB3/RLlib would reject it."
    else:
        text = f"The observation returned by {where}() is not an element of the declared space {space or ''}".rstrip() + "."
    fix.append("re-run check_env(env) (SB3 or gymnasium.utils.env_checker) until it passes")
    hint = "; ".join(hints)
    return Explanation(text=text + " " + hint[:1].upper() + hint[1:] + ".", fix=tuple(fix), derived={"where": where, "hint": hint})
