"""Computed diagnosis for cuda.launch-failure: which API reported it and what a nearby Xid says
about software versus hardware."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# cudaErrorLaunchFailure was 4 before CUDA 10.1 and 719 since (the driver API always used 719).
_ERAS = {4: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 719: "CUDA >= 10.1 runtime or driver API"}

_APP_XIDS = {13: "graphics/SM engine exception", 31: "MMU fault (unmapped address)", 43: "GPU stopped processing the faulting context"}
_HW_XIDS = {
    48: "double-bit ECC error", 63: "ECC page retirement / row remapping event", 64: "ECC page retirement / row remapping failure",
    74: "NVLink error", 79: "GPU has fallen off the bus", 92: "high single-bit ECC rate", 94: "contained ECC error",
    95: "uncontained ECC error", 119: "GSP RPC timeout", 120: "GSP error",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    code = facts.get("cuda_error_code")
    name = facts.get("cuda_error_name")
    xid = facts.get("xid")
    if isinstance(code, int) and code in _ERAS:
        derived["cuda_runtime_era"] = _ERAS[code]
        parts.append(f"error code {code} is cudaErrorLaunchFailure as numbered by the {_ERAS[code]}")
    if name:
        api = "driver API (TensorFlow, JAX/XLA, CuPy driver calls, Numba)" if str(name).startswith("CUDA_ERROR") else "runtime API (PyTorch, CuPy runtime calls, Thrust)"
        derived["reporting_api"] = api
        parts.append(f"{name} comes from the {api}")
    if isinstance(xid, int):
        if xid in _APP_XIDS:
            derived["fault_side"] = "application"
            parts.append(
                f"the driver logged Xid {xid} ({_APP_XIDS[xid]}) nearby, which NVIDIA attributes to the application: "
                "a kernel bug, not failing hardware"
            )
            fix.append("Find the faulting kernel with CUDA_LAUNCH_BLOCKING=1 and compute-sanitizer --tool memcheck; fix, upgrade or swap it.")
        elif xid in _HW_XIDS:
            derived["fault_side"] = "hardware"
            parts.append(
                f"the driver logged Xid {xid} ({_HW_XIDS[xid]}) nearby: the GPU, its memory or the bus failed and the kernel died with it"
            )
            fix.append(f"Drain this GPU and have it checked (nvidia-smi -q, reset/reboot, reseat, RMA if Xid {xid} repeats); no code change fixes this.")
        else:
            parts.append(f"the driver logged Xid {xid} nearby; look it up in NVIDIA's Xid catalogue to see whether it is an application or a hardware event")
    if not parts:
        return None
    text = (
        "A kernel stopped abnormally on the GPU; "
        + "; ".join(parts)
        + ". The error is sticky: the first occurrence is the one that matters and the Python frame shown is where it was noticed."
    )
    if not fix:
        fix.append("Check dmesg for the Xid at the failure time, then rerun with CUDA_LAUNCH_BLOCKING=1 to name the kernel.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
