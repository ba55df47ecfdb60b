"""Computed diagnosis for isaacgym.camera-interop-failed: what the CUDA error code means for this run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("error_code")
    buf = facts.get("buffer") or "camera"
    if code == 101:
        text = (f"CUDA error 101 (invalid device) importing the {buf} buffer: the Vulkan graphics device is not the physical GPU "
                "running the CUDA simulation.")
        fix = ("set graphics_device_id to the same GPU as sim_device/rl_device (e.g. --sim_device cuda:1 --graphics_device_id 1)",
               "do not remap GPUs with CUDA_VISIBLE_DEVICES for Isaac Gym, or check with vulkaninfo that Vulkan device 0 is that GPU",
               "try cuda:0 with graphics_device_id 0 first to confirm")
        meaning = "graphics device != CUDA device"
    elif code == 999:
        text = (f"CUDA error 999 (unknown) importing the {buf} buffer: typically the NVIDIA Vulkan driver/ICD is missing or does not "
                "match the driver, so the image memory cannot be shared with CUDA.")
        fix = ("install libnvidia-gl-<driver major> and vulkan-tools; export VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/nvidia_icd.json",
               "Docker: -e NVIDIA_DRIVER_CAPABILITIES=all (graphics is needed)",
               "then run isaacgym/python/examples/interop_torch.py; if it still fails, reinstall the driver with matching GL/Vulkan libraries")
        meaning = "Vulkan driver/interop failure"
    else:
        text = f"CUDA error {code} importing the {buf} buffer from Vulkan into CUDA."
        fix = ("check that graphics_device_id and sim_device are the same physical GPU and that the NVIDIA Vulkan ICD is installed",)
        meaning = "interop failure"
    return Explanation(text=text + " Camera tensors will be None; the NoneType error that follows is a consequence.",
                       fix=fix, derived={"meaning": meaning})
