"""Computed diagnosis for macos.gui-off-main-thread: which toolkit opened the window, and its fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TOOLKITS = {
    "_macosx.cpython": ("matplotlib (macosx backend)", "matplotlib.use('Agg') before importing pyplot and savefig, or plot on the main thread"),
    "libtk8": ("Tk (tkinter / matplotlib TkAgg)", "create Tk windows only on the main thread (root.after to schedule work), or use Agg for plots"),
    "libqcocoa": ("Qt (PyQt / PySide / OpenCV highgui)", "create Qt widgets and cv2.imshow windows only on the main thread; send frames to it with a queue"),
    "cv2.cpython": ("OpenCV highgui", "call cv2.imshow / cv2.waitKey from the main thread only"),
    "libglfw": ("GLFW (simulator viewer)", "start the viewer on the main thread, or render offscreen"),
    "mujoco": ("MuJoCo viewer", "run with mjpython for mujoco.viewer.launch_passive, or render offscreen with mujoco.Renderer"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    if not reason:
        return None
    tk = str(facts.get("toolkit") or "")
    if tk in _TOOLKITS:
        name, fix1 = _TOOLKITS[tk]
        text = f"{name} created or changed a window from a worker thread; macOS AppKit aborts the process ('{reason}')."
        fix = (fix1, "for servers and training jobs, use non-interactive output (Agg, offscreen rendering)")
        diagnosis = f"{name} off the main thread"
    else:
        text = (f"A GUI window was created or changed from a non-main thread; macOS AppKit aborts the process ('{reason}'). "
                "The First throw call stack names the toolkit (_macosx = matplotlib, libtk8 = Tk, libqcocoa = Qt/OpenCV).")
        fix = ("do GUI work on the main thread only, or switch to non-interactive output (matplotlib.use('Agg'), offscreen rendering)",
               "MuJoCo viewer on macOS: run with mjpython")
        diagnosis = "GUI off the main thread"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
