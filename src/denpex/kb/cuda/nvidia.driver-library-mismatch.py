"""Computed diagnosis for nvidia.driver-library-mismatch: which side (kernel module or user-space library) is stale."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _key(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", v))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    client = facts.get("client_version")
    kernel = facts.get("kernel_version")
    who = facts.get("client")
    if not client and not kernel:
        return None
    derived: dict[str, Any] = {}
    if client and kernel:
        c, k = _key(str(client)), _key(str(kernel))
        if c > k:
            derived["stale_side"] = "kernel module"
            text = (f"The user-space driver {client} is newer than the loaded kernel module {kernel}: the driver packages were "
                    "upgraded but the node was not rebooted, so the old module is still loaded.")
            fix = (
                "Reboot the node (drain it first), or stop all GPU processes and reload: sudo rmmod nvidia_uvm nvidia_drm "
                "nvidia_modeset nvidia && sudo modprobe nvidia.",
                f"After reboot, cat /proc/driver/nvidia/version must show {client}; if it still shows {kernel}, the module for "
                "this kernel was not rebuilt - run sudo dkms autoinstall (or reinstall the driver package) and reboot again.",
                "Hold the driver packages (apt-mark hold / dnf versionlock) so they only change in a reboot window.",
            )
        elif c < k:
            derived["stale_side"] = "user-space library"
            text = (f"The loaded kernel module {kernel} is newer than the client library {client}"
                    + (f" used by '{who}'" if who else "")
                    + ": an old copy of the user-space driver is being loaded (container image, /usr/local, a .run install, "
                    "a vGPU guest package).")
            fix = (
                f"Find the stale library: ldconfig -p | grep -E 'libnvidia-ml|libcuda' and remove or upgrade the {client} copy.",
                "Containers: do not ship libnvidia-*/libcuda in the image; let the NVIDIA Container Toolkit mount the host's.",
                f"If the packages on disk are {client} too, the module on disk is newer than the packages: reinstall the driver "
                f"packages at {kernel} so both halves match.",
            )
        else:
            text = f"Client {client} and kernel module {kernel} report the same version; compare the full version strings in dmesg."
            fix = ("cat /proc/driver/nvidia/version and ls /usr/lib/*/libnvidia-ml.so.* to compare exactly.",)
        derived.update({"client_version": client, "kernel_version": kernel})
        return Explanation(text=text, fix=fix, derived=derived)
    only = f"user-space library {client}" if client else f"kernel module {kernel}"
    return Explanation(
        text=f"The driver halves disagree (known: {only}); usually the packages were upgraded without a reboot.",
        fix=("Compare cat /proc/driver/nvidia/version (loaded module) with the installed driver packages, then reboot or reload the modules.",),
    )
