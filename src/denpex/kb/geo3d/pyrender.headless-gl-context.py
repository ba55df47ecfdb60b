"""Computed diagnosis for pyrender.headless-gl-context: which GL backend failed and the one to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WIN_HINTS = ("Could not find module", "WinError", "126", "找不到", "specified module")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    inner = str(facts.get("inner") or "")
    display = str(facts.get("display") or "")
    lib = str(facts.get("gl_lib") or "")
    detail = str(facts.get("detail") or "")
    headless_fix = (
        "GPU Linux: export PYOPENGL_PLATFORM=egl before Python starts (libegl1 installed; Docker: "
        "NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics)",
        "CPU-only Linux: apt-get install -y libosmesa6-dev && export PYOPENGL_PLATFORM=osmesa",
        "code that needs a window (trimesh show/save_image, pyrender.Viewer): xvfb-run -a python your_script.py",
    )
    if sig in ("gl-library-load", "windows-gl-dll"):
        if sig == "windows-gl-dll" or (lib == "EGL" and any(h in detail for h in _WIN_HINTS)):
            return Explanation(
                text=f"PYOPENGL_PLATFORM={(lib or 'EGL').lower()} on Windows: Windows has no {lib or 'EGL'} library, so PyOpenGL cannot load it.",
                fix=("Remove os.environ['PYOPENGL_PLATFORM'] = 'egl' from the demo (or os.environ.pop('PYOPENGL_PLATFORM', None)) "
                     "and restart the interpreter; pyrender then uses its pyglet window platform.",),
                derived={"problem": f"{lib or 'EGL'} requested on Windows"},
            )
        if lib == "EGL":
            return Explanation(
                text=f"PYOPENGL_PLATFORM=egl but libEGL could not be loaded ({detail.strip()[:120] or 'not found'}).",
                fix=("apt-get install -y libegl1 libgl1 libglvnd0 (NVIDIA: the driver's libEGL_nvidia must be present; "
                     "Docker: -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics)",
                     "no GPU: use PYOPENGL_PLATFORM=osmesa with libosmesa6-dev instead"),
                derived={"problem": "libEGL not loadable"},
            )
        return Explanation(
            text=f"PyOpenGL could not load its OpenGL library ({detail.strip()[:120] or 'not found'}); with "
                 "PYOPENGL_PLATFORM=osmesa this is libOSMesa.",
            fix=("apt-get install -y libosmesa6-dev freeglut3-dev and pip install 'PyOpenGL>=3.1.4'",
                 "or switch to PYOPENGL_PLATFORM=egl on a GPU machine"),
            derived={"problem": "OpenGL/OSMesa library not loadable"},
        )
    if sig == "viewer-gl3":
        return Explanation(
            text="The pyrender Viewer could not create an OpenGL 3+ window context (typical on macOS with an unsuitable pyglet, "
                 "or a remote session).",
            fix=("pip install 'pyglet<2' (the version pyrender supports) and run on the local display",
                 "for saving images use pyrender.OffscreenRenderer instead of the Viewer"),
            derived={"problem": "no OpenGL 3+ window context"},
        )
    no_display = (sig == "no-display") or ("Cannot connect to" in inner)
    if no_display:
        d = display or ("None" if "None" in inner else "")
        text = (f"No X display (DISPLAY={d or 'unset'}): pyglet needs an X server to open its window, and this machine "
                "(SSH / Docker / cluster node) has none. pyrender used its default pyglet platform because "
                "PYOPENGL_PLATFORM was not set before it was imported.")
        return Explanation(text=text, fix=headless_fix, derived={"problem": f"no X display (DISPLAY={d or 'unset'})"})
    if inner:
        text = f"pyrender's pyglet window could not get an OpenGL 3+ context (pyglet said: {inner[:160]})."
    else:
        text = "pyrender's pyglet window could not get an OpenGL 3+ context (no usable display/GL driver for a window)."
    return Explanation(text=text, fix=headless_fix, derived={"problem": "pyglet window context failed"})
