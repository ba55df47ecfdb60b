"""Computed diagnosis for ncnn.vulkan-gpu-unavailable: name the VkResult code and what it means here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VK = {
    -1: ("VK_ERROR_OUT_OF_HOST_MEMORY", "the driver ran out of host memory while starting"),
    -2: ("VK_ERROR_OUT_OF_DEVICE_MEMORY", "the driver ran out of GPU memory while starting"),
    -3: ("VK_ERROR_INITIALIZATION_FAILED", "a Vulkan driver is registered but could not initialise its GPU (driver/kernel mismatch, RDP, disabled GPU)"),
    -4: ("VK_ERROR_DEVICE_LOST", "the GPU was lost (driver reset)"),
    -6: ("VK_ERROR_LAYER_NOT_PRESENT", "a requested validation layer is not installed"),
    -7: ("VK_ERROR_EXTENSION_NOT_PRESENT", "the driver lacks an instance extension the tool asks for"),
    -9: ("VK_ERROR_INCOMPATIBLE_DRIVER", "no installed Vulkan driver (ICD) supports the requested Vulkan version - none installed, a generic display driver, an RDP/VM session, or a GPU without Vulkan"),
    5: ("VK_INCOMPLETE", "the device list was returned incomplete (loader/driver fault)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = facts.get("call")
    code = facts.get("vk_code")
    if code is None:
        if not call:
            return None
        text = ("The tool found no GPU it can use (ncnn reports 0 Vulkan devices) or the GPU id is out of range. "
                "If a 'vkCreateInstance failed' line is missing, check the GPU id (-g / Upscayl GPU ID) first.")
        fix = ("Leave the GPU id empty or try 0/1; then check vulkaninfo --summary lists the GPU.",)
        return Explanation(text=text, fix=fix, derived={"vk_name": "", "vk_name_note": ""})
    try:
        c = int(code)
    except (TypeError, ValueError):
        return None
    name, meaning = _VK.get(c, (f"VkResult {c}", "an unexpected Vulkan error"))
    text = f"{call} returned {c} = {name}: {meaning}."
    fix: list[str] = []
    if c == -9:
        fix += ["Install the vendor GPU driver (not the Microsoft Basic/generic one) and reboot; vulkaninfo --summary must list the GPU.",
                "Colab/Linux NVIDIA: apt install libnvidia-gl-<driver major> libvulkan1 (match nvidia-smi's driver).",
                "GPU without Vulkan (e.g. Intel HD 4000): use the PyTorch Real-ESRGAN on CPU/CUDA instead."]
    elif c == -3:
        fix += ["Update/reinstall the GPU driver so user-space and kernel parts match; do not run over Remote Desktop.",
                "Linux: check the ICD json in /usr/share/vulkan/icd.d matches the installed driver."]
    else:
        fix += ["Update the GPU driver and check vulkaninfo --summary."]
    return Explanation(text=text, fix=tuple(fix), derived={"vk_name": name, "vk_name_note": f" ({name})"})
