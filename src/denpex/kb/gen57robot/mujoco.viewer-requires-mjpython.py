"""Computed diagnosis for mujoco.viewer-requires-mjpython: plain python vs a broken mjpython launcher."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _lib_dir(base_python: str) -> str | None:
    if "/bin/" not in base_python:
        return None
    return base_python.rsplit("/bin/", 1)[0] + "/lib"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "mjpython-libpython-dlopen":
        lib = str(facts.get("libpython") or "libpython")
        ver = facts.get("py_version")
        base = str(facts.get("base_python") or "")
        libdir = _lib_dir(base) if base else None
        text = (f"mjpython could not load the interpreter: {lib} is not where the interpreter's load path points "
                "(uv-managed / standalone Python or a copied venv), so nothing ran yet.")
        fix = []
        if libdir:
            fix.append(f"export DYLD_FALLBACK_LIBRARY_PATH={libdir} and rerun mjpython")
        else:
            fix.append("export DYLD_FALLBACK_LIBRARY_PATH=<base interpreter>/lib (the folder holding libpython) and rerun mjpython")
        fix.append("or create the venv from a Homebrew/python.org framework Python, or upgrade mujoco once the launcher fix (PR #3355) is released")
        derived: dict[str, Any] = {"diagnosis": f"mjpython cannot load libpython{ver or ''}"}
        if libdir:
            derived["libpython_dir"] = libdir
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    func = str(facts.get("function") or "launch_passive")
    text = (f"mujoco.viewer.{func} was called from a script started with plain python on macOS; Cocoa needs the main "
            "thread, which only the mjpython launcher leaves free.")
    fix = ("run the script as mjpython script.py (the mjpython next to python in the same environment)",
           "or skip the window on macOS: offscreen mujoco.Renderer / the project's --headless flag, or the blocking mujoco.viewer.launch")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{func} started with plain python"})
