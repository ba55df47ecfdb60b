"""Computed diagnosis for mujoco.render-context-failed: which GL backend failed and the environment to set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LINUX_ONLY = ("egl", "osmesa", "glx")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    gpu = ("export MUJOCO_GL=egl PYOPENGL_PLATFORM=egl (GPU; needs libEGL_nvidia, in Docker "
           "NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics)")
    cpu = "export MUJOCO_GL=osmesa PYOPENGL_PLATFORM=osmesa (CPU; apt-get install libosmesa6-dev)"
    if sig == "gladloadgl":
        return Explanation(
            text=("A GL context was created but gladLoadGL could not load OpenGL functions: the default GLFW backend on a "
                  "headless/virtual display, or an EGL/Mesa library without a working driver."),
            fix=(gpu, cpu, "or run under a virtual display: xvfb-run -a python ..."),
            derived={"problem": "gladLoadGL could not load GL functions"},
        )
    if sig == "egl-device-display":
        return Explanation(
            text=("MUJOCO_GL=egl but EGL found no device: the NVIDIA user-space EGL library (libEGL_nvidia / egl_vendor.d/10_nvidia.json) "
                  "is missing (compute-only driver, container without the graphics capability) or the chosen MUJOCO_EGL_DEVICE_ID is not visible."),
            fix=("install the NVIDIA driver's GL/EGL libraries (or run the container with NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics)",
                 "check MUJOCO_EGL_DEVICE_ID is an index inside CUDA_VISIBLE_DEVICES",
                 cpu + " as a fallback"),
            derived={"problem": "no EGL device display (EGL driver missing)"},
        )
    if sig == "invalid-mujoco-gl":
        gl = (facts.get("mujoco_gl") or "").lower()
        if gl in _LINUX_ONLY:
            text = f"MUJOCO_GL={gl} is a Linux-only backend; this platform (macOS/Windows) cannot use it."
            fix = ("macOS: MUJOCO_GL=glfw (or cgl); Windows: MUJOCO_GL=glfw (or wgl)",
                   "set it conditionally: os.environ.setdefault('MUJOCO_GL', 'egl' if sys.platform == 'linux' else 'glfw')",
                   "robosuite on Windows: set MUJOCO_GPU_RENDERING = False in robosuite/macros_private.py")
        elif gl in ("cgl", "wgl"):
            text = f"MUJOCO_GL={gl} belongs to another OS ({'macOS' if gl == 'cgl' else 'Windows'})."
            fix = ("on Linux use egl (GPU), osmesa (CPU) or glfw (with a display)",)
        else:
            text = f"MUJOCO_GL={gl or '<value>'} is not a backend MuJoCo knows (glfw, egl, osmesa, glx on Linux; cgl macOS; wgl Windows)."
            fix = ("fix the spelling/value of MUJOCO_GL (no quotes or spaces)",)
        return Explanation(text=text, fix=fix, derived={"problem": f"MUJOCO_GL={gl or '?'} not valid here"})
    if sig == "pyopengl-platform-mismatch":
        wanted = (facts.get("wanted") or "").lower()
        have = facts.get("pyopengl_platform") or "?"
        return Explanation(
            text=(f"MuJoCo was asked for the {wanted} backend but PYOPENGL_PLATFORM={have}; PyOpenGL would load the wrong GL "
                  "library, so MuJoCo refuses."),
            fix=(f"export MUJOCO_GL={wanted} PYOPENGL_PLATFORM={wanted} (both, before Python starts)",
                 "look for code that sets PYOPENGL_PLATFORM with setdefault before your override (LIBERO/robosuite do)"),
            derived={"problem": f"MUJOCO_GL={wanted} but PYOPENGL_PLATFORM={have}"},
        )
    if sig == "glew-missing-gl-version":
        return Explanation(
            text="The MuJoCo 2.x native renderer (mujoco-py / old dm_control) got no usable GL context: GLEW found no GL version.",
            fix=("export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libGLEW.so (with libglew-dev installed) for on-screen mujoco-py rendering",
                 "headless: mujoco_py.GlfwContext(offscreen=True) before rendering, or MUJOCO_GL=egl/osmesa with dm_control",
                 "or migrate from mujoco-py to the mujoco bindings (Gymnasium v4/v5 MuJoCo envs)"),
            derived={"problem": "GLEW: Missing GL version"},
        )
    if sig == "opengl-platform-not-loaded":
        return Explanation(
            text=("MuJoCo's renderer was asked for a context but no OpenGL library was loaded: MUJOCO_GL was set after mujoco/"
                  "dm_control was imported (so the default backend was chosen), or the selected backend could not start."),
            fix=("set MUJOCO_GL (egl/osmesa/glfw) in the shell or at the very top of the script, before importing mujoco, dm_control or gymnasium",
                 gpu, cpu),
            derived={"problem": "no OpenGL platform library loaded before MjrContext"},
        )
    if sig in ("glx-create-context", "mujoco-py-glfw-init", "glfw-not-initialized"):
        display = facts.get("display")
        where = f" (display {display})" if display else ""
        return Explanation(
            text=(f"GLFW could not open a window/context on the X display{where}: a remote, virtual or GPU-less X server "
                  "(SSH forwarding, Xvfb/VNC without GLX, or a driver mismatch) cannot serve the OpenGL context MuJoCo needs."),
            fix=("render off-screen instead of through GLFW: " + gpu, cpu,
                 "mujoco-py: use sim.render(..., mode='offscreen') / GlfwContext(offscreen=True) under xvfb-run -a -s '-screen 0 1400x900x24 +extension GLX'"),
            derived={"problem": "GLFW could not create a GL context on the X display"},
        )
    if sig in ("glfw-no-display", "glfw-no-display-callback"):
        return Explanation(
            text="GLFW (the default MuJoCo backend) needs an X display and DISPLAY is not set on this headless machine.",
            fix=(gpu, cpu, "or xvfb-run -a -s '-screen 0 1400x900x24' python ..."),
            derived={"problem": "no DISPLAY for GLFW"},
        )
    if sig == "glx-unavailable":
        reason = facts.get("glx_reason") or "GLX unavailable"
        return Explanation(
            text=(f"GLFW found an X display but no usable GLX on it ('{reason}'): X forwarding over SSH, a VNC/Xvfb server "
                  "without GLX, or WSL without a GL driver, so the glfw MuJoCo/dm_control backend cannot create a context."),
            fix=("render off-screen instead of through GLFW: " + gpu, cpu,
                 "or give the X server GLX: xvfb-run -a -s '-screen 0 1400x900x24 +extension GLX' python ..."),
            derived={"problem": f"no usable GLX on the X display ({reason})"},
        )
    if sig == "dm-control-no-window-backend":
        return Explanation(
            text=("dm_control's interactive viewer needs the glfw backend; it found none (MUJOCO_GL is set to egl/osmesa, or "
                  "the glfw package / its native library could not be imported)."),
            fix=("unset MUJOCO_GL (or MUJOCO_GL=glfw) for viewer runs, and pip install glfw (macOS: also brew install glfw if the wheel's library fails)",
                 "on a headless machine do not open the viewer: render frames with physics.render() under MUJOCO_GL=egl/osmesa"),
            derived={"problem": "dm_control viewer without a glfw window backend"},
        )
    if sig == "xlib-glx-missing":
        display = facts.get("display") or "?"
        return Explanation(
            text=(f"The X server on display {display} has no GLX extension, so no OpenGL context can be created on it "
                  "(an Xvfb or VNC server started without GLX, or X forwarding to a client without it)."),
            fix=(f"start the virtual display with GLX: Xvfb {display} -screen 0 1400x900x24 +extension GLX +render -noreset "
                 "(or xvfb-run -a -s '-screen 0 1400x900x24 +extension GLX' python ...)",
                 "install Mesa's GLX for Xvfb (apt-get install libgl1-mesa-dri libglx-mesa0)",
                 "or render without X: " + gpu + "; " + cpu),
            derived={"problem": f'X display {display} has no GLX extension'},
        )
    return None
