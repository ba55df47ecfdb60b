"""Computed diagnosis for habitat.viewer-window-failed: why GLFW got no OpenGL context, read from the line above."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _classify(err: str) -> tuple[str, str, str]:
    e = err.lower()
    if "badlength" in e or "badfbconfig" in e or "badvalue" in e or "badmatch" in e:
        return ("indirect-glx",
                "the X server could not create a modern (3.3+ core) GL context - typical of WSL2 with an external X server or ssh -X",
                "use WSLg / a local desktop session (direct rendering), or VirtualGL (vglrun) on remote machines")
    if "glx extension not found" in e or "no glxfbconfigs" in e or "suitable glxfbconfig" in e:
        return ("no-glx",
                "the display offers no usable GLX (VNC/xvfb without GLX, XQuartz, driver without GLX)",
                "run on a display served by the GPU driver, or use TurboVNC+VirtualGL")
    if e.startswith("egl:") or "egl display" in e:
        return ("egl-display",
                "GLFW is using EGL and found no EGL display (Wayland/EGL session or missing NVIDIA EGL vendor file)",
                "log into an Xorg session (XDG_SESSION_TYPE=x11) and check /usr/share/glvnd/egl_vendor.d/10_nvidia.json")
    if "invalid window size" in e:
        return ("no-screen",
                "GLFW got no screen geometry from the display (Docker/XQuartz forwarding)",
                "run the viewer natively on the machine with the display")
    return ("unknown", "GLFW could not create an OpenGL window", "check glxinfo -B: direct rendering must be Yes with a 3.3+ core profile")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = (facts.get("gl_error") or "").strip()
    kind, why, fix1 = _classify(err)
    text = f"Both the core and the compatibility OpenGL context failed, so the viewer has no window: {why}."
    if err:
        text += f" GLFW said: {err}"
    return Explanation(
        text=text,
        fix=(fix1, "or skip the window: headless habitat-sim build and offscreen rendering (examples/example.py, sensors to images)"),
        derived={"cause": why, "cause_kind": kind},
    )
