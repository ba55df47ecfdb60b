"""Computed diagnosis for nvidia.container-cuda-requirement: which driver the image needs and what the host has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Minimum Linux x86_64 driver for each CUDA toolkit release (CUDA Toolkit release notes, "toolkit driver version").
_MIN_DRIVER: dict[tuple[int, int], str] = {
    (13, 0): "580.65.06", (12, 9): "575.51.03", (12, 8): "570.26", (12, 6): "560.28.03", (12, 5): "555.42.02",
    (12, 4): "550.54.14", (12, 3): "545.23.06", (12, 2): "535.54.03", (12, 1): "530.30.02", (12, 0): "525.60.13",
    (11, 8): "520.61.05", (11, 7): "515.43.04", (11, 6): "510.39.01", (11, 5): "495.29.05", (11, 4): "470.42.01",
    (11, 3): "465.19.01", (11, 2): "460.27.03", (11, 1): "455.23", (11, 0): "450.36.06", (10, 2): "440.33",
    (10, 1): "418.39", (10, 0): "410.48", (9, 2): "396.26", (9, 1): "390.46", (9, 0): "384.81",
}


def _ver(text: object) -> tuple[int, int] | None:
    try:
        major, minor = (int(x) for x in str(text).split(".")[:2])
    except ValueError:
        return None
    return major, minor


def _min_driver(v: tuple[int, int]) -> str | None:
    if v in _MIN_DRIVER:
        return _MIN_DRIVER[v]
    newer = sorted(k for k in _MIN_DRIVER if k >= v)
    return _MIN_DRIVER[newer[0]] if newer else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    required = facts.get("required_cuda")
    condition = facts.get("condition")
    driver = facts.get("driver")
    driver_cuda = facts.get("driver_cuda")
    if not required:
        if condition:
            return Explanation(
                text=f"The image's NVIDIA_REQUIRE_* condition '{condition}' is not met by this host's GPU/driver.",
                fix=("Inspect the image's NVIDIA_REQUIRE_CUDA / NVIDIA_REQUIRE_* variables (docker inspect) and run it on a host that meets them, "
                     "or override the requirement deliberately.",),
            )
        return None
    req = _ver(required)
    derived: dict[str, Any] = {}
    parts = [f"the image requires a driver that supports CUDA {required}"]
    fix: list[str] = []
    need = _min_driver(req) if req else None
    if need:
        derived["min_driver"] = need
        parts.append(f"that is NVIDIA driver >= {need} (branch {need.split('.')[0]})")
        fix.append(f"Upgrade the host driver to >= {need} (or any newer branch) and reboot, then re-run the container.")
    have = _ver(driver_cuda) if driver_cuda else None
    if have:
        parts.append(f"this host's driver {driver or ''} supports CUDA up to {driver_cuda}".replace("  ", " "))
        if req and have < req:
            fix.append(f"Or use an image built for CUDA <= {driver_cuda} (e.g. a cu{have[0]}{have[1]} / {have[0]}.{have[1]} tag of the same software).")
    else:
        fix.append("Or use an image tag built for the CUDA version shown by nvidia-smi ('CUDA Version') on this host.")
    fix.append("Data-centre GPUs only: an image with the cuda-compat package plus NVIDIA_DISABLE_REQUIRE=1 can run a newer CUDA on an older driver branch.")
    return Explanation(text="Container refused: " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
