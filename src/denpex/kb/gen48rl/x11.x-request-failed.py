"""Computed diagnosis for x11.x-request-failed: what the X error and request mean, and the fitting fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEADLESS = ("Run without a window: MUJOCO_GL=egl (or osmesa), Isaac Gym headless=True, PyBullet p.DIRECT, "
             "gymnasium render_mode='rgb_array' for videos")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    error = str(facts.get("error") or "")
    if not error:
        return None
    request = str(facts.get("request") or "")
    req = f" during {request}" if request else ""
    if error == "BadWindow":
        diagnosis = "window destroyed under the program"
        text = (f"The X server no longer knows the window the program used{req}: it was closed or re-created "
                "(viewer closed, remote-desktop reconnect or resize) while the program still drew into it.")
        fix = (_HEADLESS, "keep the viewer window open and the remote session stable, or render to a virtual display (Xvfb / VirtualGL)")
    elif error == "GLXBadContext" and request == "X_GLXDestroyContext":
        diagnosis = "OpenGL context destroyed twice or after its display"
        text = ("The OpenGL context was already invalid when the program destroyed it (typically at shutdown or after the "
                "window went away): close the viewer once, before the environment, or run headless.")
        fix = ("call viewer.close() / env.close() exactly once; do not delete a renderer after its display is gone", _HEADLESS)
    elif error in {"BadValue", "GLXBadFBConfig", "GLXBadContext", "BadMatch"} and (request.startswith("X_GLX") or error.startswith("GLX") or not request):
        diagnosis = "display's GL cannot create the requested OpenGL context"
        text = (f"{error}{req}: the display's GLX cannot create the OpenGL context the program requests. Typical with "
                "ssh -X, VNC or XQuartz (indirect GL, old versions only) or Mesa software rendering.")
        fix = ("glxinfo -B: direct rendering must be Yes and the renderer your GPU; otherwise run locally, with VirtualGL (vglrun) "
               "or headless EGL", _HEADLESS)
    elif error == "BadAlloc":
        diagnosis = "X server out of resources"
        text = f"The X server could not allocate memory for a request{req} (large windows or pixmaps, virtual framebuffer too small)."
        fix = ("use a smaller window/render size or a larger Xvfb screen (-screen 0 1920x1080x24)", _HEADLESS)
    else:
        diagnosis = f"X request rejected ({error})"
        text = f"The X server rejected a request{req} with {error}: the window system state is not what the program expected."
        fix = (_HEADLESS, "check the display with glxinfo -B and glxgears")
    derived = {"diagnosis": diagnosis, "request_part": f" in {request}" if request else ""}
    return Explanation(text=text, fix=fix, derived=derived)
