"""Computed diagnosis for ncnn.vulkan-device-lost: which VkResult the log carries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VK = {
    -1: ("VK_ERROR_OUT_OF_HOST_MEMORY", "host memory ran out for the driver"),
    -2: ("VK_ERROR_OUT_OF_DEVICE_MEMORY", "GPU memory ran out: the tile or the model is too large for this GPU"),
    -3: ("VK_ERROR_INITIALIZATION_FAILED", "the driver failed to initialise an object"),
    -4: ("VK_ERROR_DEVICE_LOST", "the GPU was reset or hung (Windows TDR timeout, driver crash): the device is unusable until restart"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("vk_call") or "")
    try:
        code = int(facts.get("vk_code"))
    except (TypeError, ValueError):
        code = None
    if call == "chaiNNer" or code is None:
        text = ("chaiNNer's NCNN upscaler got a vkQueueSubmit error from ncnn - the Vulkan device was lost or ran out "
                "of memory during a tile - and stopped: its GPU instance cannot be reused in this backend process.")
        fix = ("Restart chaiNNer, then set a fixed smaller tile size (e.g. 256 or 128) in the NCNN Upscale node instead of Auto.",
               "Update the GPU driver; on Apple Silicon or integrated GPUs prefer the PyTorch/ONNX backends if the error repeats.")
        return Explanation(text=text, fix=fix, derived={"vk_note": ", critical error"})
    name, what = _VK.get(code, (f"VkResult {code}", "the Vulkan driver rejected the compute work"))
    text = f"{call} returned {code} = {name}: {what}."
    fix: list[str] = ["Use a smaller tile size (-t 128 or 64 for the *-ncnn-vulkan tools, a lower tile size in Upscayl/chaiNNer)."]
    if code == -4:
        fix.append("Restart the tool after the error; on Windows a longer TdrDelay helps slow GPUs, and updating the driver fixes many losses.")
    elif code == -2:
        fix.append("Choose a smaller model or the discrete GPU (-g id); close other programs using VRAM.")
    return Explanation(text=text, fix=tuple(fix), derived={"vk_note": f" {code} {name}"})
