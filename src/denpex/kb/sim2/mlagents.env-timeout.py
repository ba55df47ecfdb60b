"""Computed diagnosis for mlagents.env-timeout: old vs new API wording, Player.log path and headless hint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = facts.get("exception") or ""
    log = facts.get("player_log")
    parts = ["The Unity player never completed the handshake with Python within the wait."]
    fix = []
    if exc == "UnityEnvironmentException":
        parts.append("UnityEnvironmentException is the pre-0.4 API (unityagents / external Brain): the scene needs a Brain set to External.")
        cause = "old API: no external brain or player did not start"
    else:
        cause = "player did not start or no agent connected"
    if log:
        parts.append(f"The player ran and wrote {log}: its last lines give the reason (crash, missing display, no agent).")
        fix.append(f"tail -n 50 '{log}'")
        if "/.config/unity3d/" in str(log):
            parts.append("This is a Linux player: on a server without a display it must run with no_graphics or under xvfb-run.")
            fix.append("UnityEnvironment(file_name, no_graphics=True) or xvfb-run -a python train.py (visual observations).")
            cause = "Linux player without a display"
    fix.append("Give each parallel env its own worker_id; raise timeout_wait for slow-loading builds.")
    fix.append("Match the Unity com.unity.ml-agents package and pip mlagents-envs releases.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"cause": cause})
