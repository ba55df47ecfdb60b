"""Computed diagnosis for open3d.visualizer-no-display: missing vs unreachable display."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HEADLESS_FIX = (
    "Render without a window: o3d.visualization.rendering.OffscreenRenderer(w, h) + render_to_image() (EGL, Open3D >= 0.13)",
    "or run the unchanged script under a virtual display: xvfb-run -a -s '-screen 0 1920x1080x24' python <script>",
    "for interactive viewing save .ply/.obj and open it locally, or ssh -X so DISPLAY is forwarded",
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("glfw_error") or "")
    step = str(facts.get("failed_step") or "")
    if "DISPLAY environment variable is missing" in err:
        text = ("Open3D's visualizer needs an X display and DISPLAY is not set (SSH without X forwarding, Docker, "
                "cluster node or remote IDE interpreter).")
        problem = "no X display (DISPLAY unset)"
    elif "Failed to open display" in err:
        disp = err.split("Failed to open display", 1)[1].strip() or "the one in DISPLAY"
        text = (f"DISPLAY is set ({disp}) but no X server answers there: wrong display number or the forwarded "
                "session is gone.")
        problem = f"X display {disp} not reachable"
    elif err:
        text = f"GLFW could not create Open3D's window: {err[:160]}."
        problem = "GLFW window creation failed"
    elif step:
        text = (f"Open3D failed to {step}: no usable X display/OpenGL for a window; later uses of the visualizer "
                "(render options, screen capture) will fail or give blank images.")
        problem = f"failed to {step}"
    else:
        return None
    return Explanation(text=text, fix=_HEADLESS_FIX, derived={"problem": problem})
