"""Computed diagnosis for nvidia.container-cli-error: map the hook's stage and detail to the host-side fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the detail, cause, fixes)
_CASES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("libnvidia-ml.so", "the host's NVML library (part of the NVIDIA driver) cannot be found: no driver installed, "
     "or not in the ld cache (custom prefix, snap Docker, WSL2 without the Windows driver)",
     ("Install the NVIDIA driver on the host until nvidia-smi works there, then sudo ldconfig.",
      "WSL2 / Docker Desktop: update the Windows NVIDIA driver; do not install a Linux driver inside WSL.",
      "Snap-installed Docker: use the docker-ce packages (the snap cannot see the host driver libraries).")),
    ("driver not loaded", "NVML is present but the nvidia kernel module is not loaded",
     ("Run nvidia-smi on the host; load the module (sudo modprobe nvidia) or, after a kernel upgrade, rebuild it "
      "(DKMS / reinstall the driver) and reboot.",
      "Check dmesg for 'Key was rejected by service' (Secure Boot) or Xid errors.")),
    ("insufficient permissions", "the hook lacks permission to the GPU devices (rootless runtime or SELinux)",
     ("Rootless Docker/Podman: set no-cgroups = true in /etc/nvidia-container-runtime/config.toml and use CDI: "
      "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml.",
      "SELinux: sudo setsebool -P container_use_devices 1.")),
    ("file exists", "the image already contains NVIDIA driver files that the hook tries to mount",
     ("Remove libnvidia-*/libcuda.so* and nvidia-smi from the image (do not COPY them from a host) and rebuild.",)),
    ("bpf_prog_query", "the hook cannot manage cgroup v2 device filters (rootless or nested container)",
     ("Set no-cgroups = true in /etc/nvidia-container-runtime/config.toml and inject devices with CDI.",)),
    ("unknown device", "NVIDIA_VISIBLE_DEVICES / --gpus names a GPU that does not exist on this host",
     ("List the host's GPUs with nvidia-smi -L and pass an existing index or UUID (or --gpus all).",)),
    ("driver error", "the driver service used by the hook failed (driver state or nvidia-persistenced)",
     ("Check nvidia-smi and dmesg on the host; restart nvidia-persistenced or reboot the node.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = facts.get("stage")
    detail = str(facts.get("detail") or "")
    if not stage:
        return None
    clean = detail.removesuffix(": unknown.").removesuffix(": unknown").strip()
    low = clean.lower()
    for key, cause, fix in _CASES:
        if key.lower() in low:
            return Explanation(
                text=f"The NVIDIA prestart hook failed at the {stage} stage ({clean}): {cause}. The container never started.",
                fix=fix + ("Verify on the host: nvidia-container-cli -k -d /dev/tty info, then docker run --rm --gpus all ubuntu nvidia-smi.",),
                derived={"hook_detail": clean},
            )
    return Explanation(
        text=f"The NVIDIA prestart hook failed at the {stage} stage: {clean}. The container never started.",
        fix=("Reproduce on the host with nvidia-container-cli -k -d /dev/tty info and fix what it reports; nvidia-smi must work on the host.",),
        derived={"hook_detail": clean},
    )
