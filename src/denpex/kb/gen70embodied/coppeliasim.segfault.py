"""Computed diagnosis for coppeliasim.segfault: what the frame after the segHandler points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("crash_module") or "")
    symbol = str(facts.get("crash_symbol") or "")
    if "initGl" in symbol or "MainWindow" in symbol or "OpenGl" in symbol:
        diagnosis = "no OpenGL context for CoppeliaSim (display/GLX)"
        text = (f"CoppeliaSim crashed in {symbol} while initialising OpenGL for its window or vision sensors: "
                "the process has no usable X display/GLX context (headless node, forwarded display, driver without GLX).")
        fix = ("Run under a virtual display: xvfb-run -a -s '-screen 0 1400x900x24' python ... (PyRep headless mode still needs X).",
               "Check glxinfo -B on the DISPLAY the job uses.")
    elif module.startswith("libsimExt") or "CPlugin" in symbol:
        plugin = module if module.startswith("libsimExt") else "a libsimExt*.so plugin"
        diagnosis = f"plugin {plugin} crashed while loading"
        text = (f"CoppeliaSim crashed while loading {plugin}: the plugin does not match this CoppeliaSim build "
                "or its libraries are missing.")
        fix = (f"Move {plugin} out of COPPELIASIM_ROOT if the task does not need it, or reinstall the CoppeliaSim build for this OS.",
               "Keep LD_LIBRARY_PATH free of other CoppeliaSim copies.")
    elif module.startswith("libQt5"):
        diagnosis = f"Qt crashed in {module}"
        text = (f"CoppeliaSim crashed inside Qt ({module}, {symbol}): Qt picked up platform plugins from another Qt, "
                "or the GUI was driven or torn down from another thread (often after an earlier Python error).")
        fix = ("Set QT_QPA_PLATFORM_PLUGIN_PATH=$COPPELIASIM_ROOT and remove other Qt/PyQt5 from the library path.",
               "Look above the crash for a Python error or 'QObject: Timers cannot be stopped from another thread'.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
