"""Computed diagnosis for openvino.myriad-device-init-failed: which step of opening the stick failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "")
    code = facts.get("nc_error_code")
    status = str(facts.get("nc_status") or "NC_ERROR")
    if device.startswith("Failed to find booted device"):
        diagnosis = "stick booted but did not reappear (re-enumerated device not visible)"
        text = ("The firmware was uploaded, but the re-enumerated booted device (03e7:f63b) was not found: "
                "a VM/container passes only the unbooted id, or the stick reset during boot.")
        fix = ("Pass both 03e7:2485 and 03e7:f63b to the VM, or run docker with -v /dev/bus/usb:/dev/bus/usb "
               "--device-cgroup-rule='c 189:* rmw'; use a powered port.",)
    elif device:
        diagnosis = f"stick {device} found but connection failed" + (f" (ncAPI error {code})" if code is not None else "")
        text = (f"ncDeviceOpen saw the stick at USB port {device} but could not connect: it is held by another process, "
                "not writable by this user (udev rules), or lost in a VM pass-through.")
        fix = ("Close other programs using the stick or replug it; install the Movidius udev rules and retry as a normal user; "
               "on a VM add USB filters for both product ids.",)
    else:
        diagnosis = f"no usable Myriad device ({status})"
        text = ("The MYRIAD plugin could not boot and connect to a Neural Compute Stick: missing udev permissions, "
                "device not passed to the VM/container, or held by another process.")
        fix = ("Check lsusb | grep 03e7, install the udev rules (works only with sudo otherwise), pass /dev/bus/usb "
               "into containers and release the stick from other processes.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
