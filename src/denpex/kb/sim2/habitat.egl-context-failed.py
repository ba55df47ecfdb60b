"""Computed diagnosis for habitat.egl-context-failed: EGL device count vs requested CUDA device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = facts.get("cuda_device")
    n = facts.get("egl_devices")
    if not isinstance(dev, int):
        return None
    fix = []
    derived: dict[str, Any] = {}
    if isinstance(n, int):
        if n == 0:
            text = f"EGL lists no devices at all, so CUDA device {dev} cannot be mapped: no usable EGL driver is loaded."
            derived["cause"] = "no EGL devices"
        else:
            text = (f"EGL lists {n} device(s) but none carries CUDA index {dev}: they are Mesa/software devices, "
                    "so NVIDIA's libEGL_nvidia is not loaded (or there is no NVIDIA GPU).")
            derived["cause"] = "NVIDIA EGL vendor library not loaded"
    else:
        text = f"No EGL device maps to CUDA device {dev}: NVIDIA's libEGL_nvidia is missing or not registered with glvnd."
        derived["cause"] = "NVIDIA EGL vendor library not loaded"
    fix.append("Docker: docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=all ...")
    fix.append("Register the vendor library: /usr/share/glvnd/egl_vendor.d/10_nvidia.json (library_path libEGL_nvidia.so.0), or export __EGL_VENDOR_LIBRARY_FILENAMES=/path/10_nvidia.json.")
    fix.append("Reinstall the driver with its OpenGL/EGL files (libnvidia-gl-<version>).")
    if dev > 0:
        fix.append(f"gpu_device_id={dev} is relative to CUDA_VISIBLE_DEVICES: with one visible GPU it must be 0.")
        derived["nonzero_device"] = True
    return Explanation(text=text, fix=tuple(fix), derived=derived)
