"""Computed diagnosis for nvdiffrast.rasterizer-context-failed: which stage failed and the fix for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA_SWITCH = "Use dr.RasterizeCudaContext() instead of RasterizeGLContext (projects: context_type=cuda / --cuda): it needs no OpenGL."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "context-class-missing":
        ctx = str(facts.get("ctx") or "Cuda")
        if ctx == "Cuda":
            text = "The installed nvdiffrast is older than 0.3.0, which added RasterizeCudaContext."
        else:
            text = "nvdiffrast.torch lacks RasterizeGLContext: a broken or partial nvdiffrast install."
        return Explanation(text=text,
                           fix=("pip uninstall -y nvdiffrast && pip install git+https://github.com/NVlabs/nvdiffrast",
                                "Then clear the cached plugin: rm -rf ~/.cache/torch_extensions/*/nvdiffrast_plugin*"),
                           derived={"what": f"nvdiffrast too old: no Rasterize{ctx}Context (needs >= 0.3.0)"})
    if sig == "stale-plugin":
        plugin = str(facts.get("plugin") or "RasterizeCRStateWrapper")
        return Explanation(
            text=f"The loaded nvdiffrast_plugin binary lacks {plugin}: it was built by an older nvdiffrast and is still in the torch_extensions cache.",
            fix=("rm -rf ~/.cache/torch_extensions/*/nvdiffrast_plugin* (Windows: %LOCALAPPDATA%\\torch_extensions) and rerun to rebuild.",),
            derived={"what": f"stale nvdiffrast plugin in the torch_extensions cache (no {plugin})"})
    if sig == "plugin-build-failed":
        plugin = str(facts.get("plugin") or "nvdiffrast_plugin")
        header = str(facts.get("missing_header") or "")
        fix: list[str] = []
        if header.startswith(("EGL/", "GL/", "GLES")):
            text = f"Building {plugin} failed because {header} is missing: the OpenGL plugin needs EGL/GL development headers."
            fix += ["apt-get install libegl1-mesa-dev libgl1-mesa-dev (or libegl-dev libgl-dev)", _CUDA_SWITCH]
        elif header:
            text = f"Building {plugin} failed because {header} is missing (CUDA toolkit headers / CUDA_HOME)."
            fix += ["Install the CUDA toolkit matching torch.version.cuda and set CUDA_HOME."]
        else:
            text = (f"The first-use JIT build of {plugin} failed; the compiler error above (not in this excerpt) names the cause: "
                    "nvcc missing or a CUDA version other than torch's, ninja missing, an unsupported compiler"
                    + (", or EGL/GL headers." if plugin.endswith("_gl") else "."))
            fix += ["Check nvcc --version against torch.version.cuda (set CUDA_HOME), pip install ninja, then rerun to see the first 'error:' line."]
            if plugin.endswith("_gl"):
                fix.append(_CUDA_SWITCH)
        fix.append("Remove a half-built cache before retrying: rm -rf ~/.cache/torch_extensions/*/" + plugin)
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"{plugin} JIT build failed" + (f" ({header} missing)" if header else "")})
    if sig in ("egl-context-failed", "opengl-44-required"):
        call = str(facts.get("egl_call") or "")
        step = f"{call}() failed" if call else "no OpenGL 4.4 context"
        return Explanation(
            text=(f"RasterizeGLContext could not get an EGL/OpenGL context ({step}): headless host or container without the NVIDIA "
                  "EGL/GL libraries, no graphics capability in Docker, or an old driver."),
            fix=(_CUDA_SWITCH,
                 "To keep GL: NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics in Docker, install the driver's GL/EGL libraries (libnvidia-gl), update the driver."),
            derived={"what": f"nvdiffrast OpenGL context failed ({step})"})
    return None
