"""Computed diagnosis for nvidia.nvml-device-access: lost device cgroup access (Unknown Error) vs denied access (Insufficient Permissions)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("nvml_error") or "")
    if err == "Unknown Error":
        return Explanation(
            text=(
                "NVML returned Unknown Error while opening the GPUs. Inside a container whose host nvidia-smi works, this is "
                "the container losing its device access - typically after a 'systemctl daemon-reload' on a host using the "
                "systemd cgroup driver."
            ),
            fix=(
                "Recreate the container/pod now (docker rm + docker run, or delete the pod).",
                "Then on the host: upgrade nvidia-container-toolkit and run sudo nvidia-ctk system create-dev-char-symlinks --create-all "
                "(or switch to CDI), so a later daemon-reload keeps the NVIDIA devices.",
                "If the host's own nvidia-smi also fails: the GPU or driver is in trouble - check dmesg for Xid / 'GPU has fallen off the bus'.",
            ),
            derived={"cause": "device cgroup reset"},
        )
    if err == "Insufficient Permissions":
        return Explanation(
            text="NVML was denied access to /dev/nvidia*: a rootless runtime, SELinux, or a user outside the group owning the device nodes.",
            fix=(
                "Rootless Docker/Podman: no-cgroups = true in /etc/nvidia-container-runtime/config.toml and CDI devices "
                "(nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml; --device nvidia.com/gpu=all).",
                "SELinux: sudo setsebool -P container_use_devices 1.",
                "Bare metal: ls -l /dev/nvidia0 and add the user to its group (then log in again).",
            ),
            derived={"cause": "permission denied"},
        )
    return None
