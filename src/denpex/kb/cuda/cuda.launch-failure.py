"""Computed diagnosis for cuda.launch-failure: which API reported it and what a nearby Xid says
about software versus hardware."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import cuda_error_origin
from denpex.models import Explanation
from denpex.xid import APPLICATION_XIDS, HARDWARE_XIDS, xid_meaning

# cudaErrorLaunchFailure was 4 before CUDA 10.1 and 719 since (the driver API always used 719).
_ERAS = {4: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 719: "CUDA >= 10.1 runtime or driver API"}



def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    parts, derived = cuda_error_origin(facts, "cudaErrorLaunchFailure", _ERAS, "TensorFlow, JAX/XLA, CuPy driver calls, Numba", "PyTorch, CuPy runtime calls, Thrust")
    xid = facts.get("xid")
    if isinstance(xid, int):
        if xid in APPLICATION_XIDS:
            derived["fault_side"] = "application"
            parts.append(
                f"the driver logged Xid {xid} ({xid_meaning(xid)}) nearby, which NVIDIA attributes to the application: "
                "a kernel bug, not failing hardware"
            )
            fix.append("Find the faulting kernel with CUDA_LAUNCH_BLOCKING=1 and compute-sanitizer --tool memcheck; fix, upgrade or swap it.")
        elif xid in HARDWARE_XIDS:
            derived["fault_side"] = "hardware"
            parts.append(
                f"the driver logged Xid {xid} ({xid_meaning(xid)}) nearby: the GPU, its memory or the bus failed and the kernel died with it"
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
