"""Computed diagnosis for vllm.device-type-unknown: which probe failed, from the lines before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hint = facts.get("platform_hint")
    if not isinstance(hint, str) or not hint:
        return Explanation(
            text="vLLM probed every platform and none was usable; the log does not say which probe failed.",
            fix=("Rerun with VLLM_LOGGING_LEVEL=DEBUG to print why each platform was rejected, and check nvidia-smi in the same container.",),
            derived={},
        )
    h = hint.lower()
    if "nvml" in h or "libcuda" in h or "no nvidia driver" in h or "driver initialization" in h:
        kind = "driver"
        text = f"The CUDA probe failed at the driver level ({hint}): the process cannot reach the NVIDIA driver/GPU."
        fix = (
            "Start the container with GPU access (docker run --gpus all / nvidia runtime / nvidia.com/gpu limit).",
            "Make libcuda.so and libnvidia-ml.so reachable (host driver mounted, LD_LIBRARY_PATH), then check nvidia-smi inside.",
        )
    elif "no cuda-capable device" in h:
        kind = "no-device"
        text = "CUDA reports no device: none is mapped into the process or CUDA_VISIBLE_DEVICES hides them."
        fix = ("Check CUDA_VISIBLE_DEVICES and the container's GPU request; nvidia-smi -L must list a GPU.",)
    elif "vllm._c" in h:
        kind = "build"
        text = "vLLM's compiled extension did not import, so the CUDA platform was rejected (wheel built for another torch/CUDA, or running from the source tree)."
        fix = ("Reinstall the vLLM wheel matching your torch/CUDA (pip install -U vllm in a clean env) and run outside the vllm source checkout.",)
    else:
        kind = "unspecified"
        text = "vLLM fell back to UnspecifiedPlatform: no accelerator probe succeeded (no GPU visible, or a build for another accelerator)."
        fix = (
            "Use the vLLM build for your hardware (CUDA image for NVIDIA, ROCm image for AMD, CPU build or vendor plugin otherwise).",
            "Rerun with VLLM_LOGGING_LEVEL=DEBUG to see each platform's rejection reason.",
        )
    return Explanation(text=text, fix=fix, derived={"probe_failure": kind})
