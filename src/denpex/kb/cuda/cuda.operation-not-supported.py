"""Computed diagnosis for cuda.operation-not-supported: which unsupported feature (allocator VMM, platform) is involved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    alloc = facts.get("alloc_conf")
    platform = str(facts.get("platform") or "")
    fix: list[str] = []
    parts: list[str] = []
    if alloc:
        parts.append(f"the PyTorch allocator runs with {alloc}, which needs CUDA virtual memory management (cuMemCreate/cuMemMap)")
        fix.append("Unset it: PYTORCH_CUDA_ALLOC_CONF= (and PYTORCH_ALLOC_CONF=) or expandable_segments:False - also after imports that set it.")
    if "WSL" in platform:
        parts.append("the process runs under WSL2, where several CUDA features are unavailable or need a current Windows driver")
        fix.append("Update the Windows NVIDIA driver; use a Volta-or-newer GPU for RAPIDS; avoid CUDA IPC and large pinned/managed pools under WSL2.")
    elif platform in ("Jetson", "Tegra"):
        parts.append("the GPU is a Jetson/Tegra integrated GPU, which lacks some discrete-GPU memory features")
        fix.append("Use the default allocator (no expandable_segments) and JetPack-matched PyTorch wheels.")
    elif platform == "vGPU":
        parts.append("the GPU is a vGPU guest; unified memory / VMM must be enabled in the vGPU profile")
        fix.append("Ask for a vGPU profile with unified memory enabled, or avoid VMM/managed-memory features.")
    if not parts:
        return None
    return Explanation(text="The driver refused an unsupported operation: " + "; ".join(parts) + ".", fix=tuple(fix))
