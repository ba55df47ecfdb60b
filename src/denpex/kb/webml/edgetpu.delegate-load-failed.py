"""Computed diagnosis for edgetpu.delegate-load-failed: platform-specific checks for the named library."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "").strip()
    if not lib:
        return None
    if lib.endswith(".dll"):
        plat = "Windows"
        fix = ("Run the Edge TPU runtime installer (install.bat) and make sure edgetpu.dll's folder is on PATH.",
               "Check Device Manager for the Coral device; replug into a USB 3 port.")
    elif lib.endswith(".dylib"):
        plat = "macOS"
        fix = ("Install the Edge TPU runtime for macOS (install.sh) so libedgetpu.1.dylib is in /usr/local/lib.",
               "Replug the USB accelerator and check System Information > USB.")
    else:
        plat = "Linux"
        fix = ("Check the device: lsusb | grep -E '1a6e:089a|18d1:9302' (USB) or ls -l /dev/apex_0 (PCIe).",
               "PCIe: install gasket-dkms for the running kernel and sudo modprobe apex; USB: Coral udev rules + plugdev group, pass /dev/bus/usb to containers.",
               "If ldconfig -p | grep edgetpu is empty: sudo apt-get install libedgetpu1-std")
    text = (f"tflite_runtime could not create the Edge TPU delegate from {lib} ({plat}): the runtime is missing or, more "
            "often, no Edge TPU device could be opened.")
    return Explanation(text=text, fix=fix, derived={"platform": plat})
