"""Computed diagnosis for cudajl.libcuda-not-found: platform and loader reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    sig = str(facts.get("_signature") or "")
    fixes: list[str] = []
    if "dylib" in reason or "image not found" in reason:
        diagnosis = "macos-no-cuda"
        text = "This is macOS: there is no NVIDIA CUDA driver for it, so libcuda can never be loaded."
        fixes.append("Use Metal.jl (Apple GPUs) or run the CUDA code on a Linux/Windows machine with an NVIDIA GPU.")
        hint = " (macOS has no CUDA driver)"
    elif "specified module" in reason or "procedure could not be found" in reason:
        diagnosis = "windows-driver-missing"
        text = "Windows could not load nvcuda.dll: the NVIDIA display driver is missing or broken."
        fixes.append("Install/repair the NVIDIA driver (nvidia-smi must work), then restart Julia.")
        hint = " (Windows: nvcuda.dll not loadable)"
    elif sig == "runtime-jll-libcuda-undefined":
        diagnosis = "artifact-selection-without-driver"
        text = ("CUDA_Runtime_jll tried to pick a CUDA toolkit artifact during a Pkg operation on a machine without a "
                "driver and failed (CUDA.jl 4.0-4.1 bug); the package being installed only depends on CUDA.jl.")
        fixes.append("Update CUDA.jl / CUDA_Runtime_jll (pkg> up CUDA), or install on a GPU node.")
        hint = " (no driver during artifact selection)"
    else:
        diagnosis = "linux-driver-not-visible"
        text = ("The dynamic loader cannot find libcuda.so(.1): no NVIDIA driver on this machine (CPU node, CI runner, "
                "login node) or it is not visible here (container without --gpus, WSL without /usr/lib/wsl/lib).")
        fixes += ["Check nvidia-smi; on HPC run on a GPU node, in Docker add --gpus all.",
                  "WSL2: export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH."]
        hint = ""
    fixes.append("Guard GPU use with CUDA.functional() so CPU-only machines take the CPU path.")
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "platform_hint": hint})
