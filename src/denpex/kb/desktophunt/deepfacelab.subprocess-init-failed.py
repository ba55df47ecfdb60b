"""Computed diagnosis for deepfacelab.subprocess-init-failed: read the build name from the paths."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    build = str(facts.get("build") or "")
    low = build.lower()
    fix: list[str] = []
    if "2080ti" in low or "up_to" in low or "cuda_9" in low or "cuda_10" in low:
        note = f" (build {build}: older CUDA, for GPUs up to RTX 20xx)"
        text = (f"The paths show the {build} build, which bundles an older CUDA/TensorFlow. "
                "On an RTX 30xx/40xx card it cannot start; on any card it needs a driver new enough for its CUDA.")
        fix.append("On RTX 30xx/40xx use the DeepFaceLab_NVIDIA_RTX3000_series build; otherwise update the NVIDIA driver.")
    elif "rtx3000" in low:
        note = f" (build {build})"
        text = (f"The paths show the {build} build (CUDA 11 era): it needs a recent NVIDIA driver and an RTX 20xx or newer card.")
        fix.append("Update the NVIDIA driver; on GTX 9xx/10xx cards use the up_to_RTX2080Ti build.")
    elif "directx" in low or "dx12" in low:
        note = f" (build {build}: DirectML)"
        text = f"The paths show the {build} build (DirectML); it needs a DirectX 12 capable GPU and driver."
        fix.append("Update the GPU driver or use the NVIDIA build on NVIDIA cards.")
    else:
        note = "; the worker traceback after 'Error while subprocess initialization' names the cause"
        text = ("The worker's own traceback (after 'Error while subprocess initialization:') names the cause; "
                "this line only reports that no worker came up.")
    fix.append("Read the last exception line of the worker traceback and fix that (DLL, driver, memory).")
    return Explanation(text=text, fix=tuple(fix), derived={"build_note": note})
