"""Computed diagnosis for mujoco.viewer-window-closed: where the viewer was closed (from the frames)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") != "window-does-not-exist":
        return None
    text = ("render() was called on a MujocoViewer whose GLFW window is gone (closed by the user, by viewer.close() "
            "or by the env's close()/reset path). This is a lifecycle error in the loop, not a display problem.")
    fix = ("Guard rendering: if env.viewer.is_alive: env.render() else: stop rendering (or break).",
           "Remove viewer.close() from per-episode code; close once at the end of the run.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "viewer closed before render"})
