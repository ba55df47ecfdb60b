"""Computed diagnosis for sapien.vulkan-unavailable: which Vulkan step failed and its usual cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ICD = ("Register NVIDIA's Vulkan ICD: /usr/share/vulkan/icd.d/nvidia_icd.json with library_path libGLX_nvidia.so.0 "
        "(or export VK_ICD_FILENAMES=/path/nvidia_icd.json); check with vulkaninfo --summary.")
_DOCKER = "Docker: --gpus all -e NVIDIA_DRIVER_CAPABILITIES=all (compute alone has no Vulkan)."
_STATE = "Rendering not needed: obs_mode='state', render_mode=None (no renderer is created)."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    res = facts.get("vk_result")
    if res == "ErrorExtensionNotPresent":
        return Explanation(
            text="Vulkan works but the device SAPIEN picked lacks an extension it requests: on multi-GPU nodes with DISPLAY set, SAPIEN 2.x selects a device/present path that is not available.",
            fix=("DISPLAY=\"\" CUDA_VISIBLE_DEVICES=0 python script.py (one GPU per process; set the GPU with CUDA_VISIBLE_DEVICES).",
                 "Upgrade to SAPIEN 3 / ManiSkill 3 where device selection follows CUDA_VISIBLE_DEVICES."),
            derived={"cause": "device lacks a required extension (multi-GPU / DISPLAY)"},
        )
    if res == "ErrorIncompatibleDriver":
        text = "The Vulkan loader found no compatible driver: the NVIDIA ICD is not registered or its library is missing."
        cause = "no NVIDIA Vulkan ICD"
    elif res == "ErrorInitializationFailed":
        text = "The Vulkan driver failed to initialise: the ICD names a library (libGLX_nvidia.so.0) that cannot be loaded, or the loader is older than the driver."
        cause = "ICD library not loadable"
    elif sig == "no-cuda-render-device":
        dev = facts.get("device") or "the CUDA device"
        text = (f"SAPIEN found no Vulkan device that is the same GPU as {dev}: the NVIDIA Vulkan ICD is missing or broken, so only "
                "a software device (or none) is visible to Vulkan although CUDA works.")
        cause = f"no Vulkan device for {dev}"
    elif sig in ("no-rendering-device", "no-suitable-rendering-device"):
        text = "No Vulkan device qualifies for rendering: typically only Mesa's software lavapipe is visible because NVIDIA's ICD is missing."
        cause = "only a software Vulkan device"
    elif res:
        text = f"Vulkan call failed with {res}."
        cause = str(res)
    else:
        return None
    return Explanation(text=text, fix=(_ICD, _DOCKER, _STATE), derived={"cause": cause})
