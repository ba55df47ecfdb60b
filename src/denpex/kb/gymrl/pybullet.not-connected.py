"""Computed diagnosis for pybullet.not-connected: which connection problem this wording shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "cannot-connect-x":
        return Explanation(
            text="p.connect(p.GUI) needs an X display and none is reachable (headless server, container, SSH without forwarding).",
            fix=("Connect with p.DIRECT when not rendering (p.connect(p.GUI if gui else p.DIRECT)); render images with the EGL plugin.",
                 "If a window is really needed: xvfb-run -a python script.py, or X forwarding/VNC."),
            derived={"cause": "GUI without an X server"},
        )
    if sig == "one-gui-only":
        return Explanation(
            text="A second GUI connection was opened in a process that already has one (several envs with render=True, or an env made twice).",
            fix=("Open the GUI for one env only and DIRECT for the others; or reuse the existing client.",),
            derived={"cause": "second GUI connection"},
        )
    if sig == "not-connected":
        return Explanation(
            text="A pybullet call used a client id that is not connected: connect failed earlier, another env disconnected the shared client, or the client belongs to another process.",
            fix=("Give each env its own BulletClient (pybullet_utils.bullet_client) created in the env's __init__ inside the worker, and call through it.",
                 "Check the connect() return value (>= 0) and avoid p.disconnect() without physicsClientId in close().",
                 "On headless machines use p.DIRECT instead of p.GUI."),
            derived={"cause": "call on a dead or foreign client"},
        )
    return None
