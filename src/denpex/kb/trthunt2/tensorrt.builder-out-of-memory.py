"""Computed diagnosis for tensorrt.builder-out-of-memory: sizes in GiB and a workspace to try."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_GIB = 1024 ** 3
_MIB = 1024 ** 2


def _gib(n: int) -> str:
    return f"{n / _GIB:.2f} GiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    req = as_int(facts.get("requested_bytes"))
    need = as_int(facts.get("required_bytes"))
    avail = as_int(facts.get("available_bytes"))
    if sig == "plugin-scratch-space" and need is not None and avail is not None:
        mib = -(-need // _MIB)
        text = (f"A layer/plugin needs {_gib(need)} of scratch workspace but the builder limit is {_gib(avail)}: "
                "raise the workspace to at least the required size (the GPU must have that much free).")
        fix = (f"config.max_workspace_size = {need}  # or builder.max_workspace_size on TensorRT 6-7 (>= {mib} MiB)",
               f"trtexec ... --workspace={mib}  # TensorRT 7/8 trtexec option, MiB")
        return Explanation(text=text, fix=fix, derived={"what": f"scratch {_gib(need)} > workspace {_gib(avail)}"})
    if req is not None:
        half = max(req // 2 // _MIB, 256)
        text = (f"TensorRT asked for {_gib(req)} of GPU memory and could not get it. In TensorRT 8+ this usually means a "
                "tactic was skipped (the build may still finish); if the build fails, free GPU memory or lower the "
                "workspace / memory pool limit below the free memory.")
        fix = (f"trtexec ... --memPoolSize=workspace:{half}  # MiB, half of the failed request",
               f"config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, {half * _MIB})  # TensorRT 8.4+")
        return Explanation(text=text, fix=fix, derived={"what": f"request of {_gib(req)} failed"})
    where = facts.get("where")
    if sig == "legacy-outofmemory-error" and isinstance(where, str):
        stage = "building a layer" if where.lower().startswith("build") else "allocating weights/buffers"
        text = (f"The TensorRT 6/7 builder ran out of GPU memory while {stage} ({where}). Free GPU memory (other "
                "processes, the source model) or lower the workspace, max batch size and input shapes.")
        return Explanation(text=text, fix=("nvidia-smi  # find what holds GPU memory",), derived={"what": f"OutOfMemory in {where}"})
    if sig in ("cuda-error-allocate", "error-code-2-outofmemory"):
        what = "device allocation failed" if sig == "cuda-error-allocate" else "resizePhysical failed"
        return Explanation(text=("TensorRT could not allocate GPU memory. Check free memory with nvidia-smi and reduce the "
                                 "workspace, profile shapes or precision."), fix=(), derived={"what": what})
    return None
