"""Computed diagnosis for cuda.unknown-error: initialisation failure (environment) versus a
driver losing the GPU mid-run (read the Xid)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import cuda_error_origin
from denpex.models import Explanation
from denpex.xid import HARDWARE_XIDS

# runtime calls that run first in a process (device query / memory query): an unknown error there is the environment
_EARLY_CALLS = frozenset({"cudaGetDeviceCount", "cudaSetDevice", "cudaGetDevice", "cudaMemGetInfo", "cudaGetDeviceProperties", "cudaDeviceGetAttribute", "cudaFree", "cudaDeviceGetDefaultMemPool"})
_ERAS = {30: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 999: "CUDA >= 10.1 runtime or driver API"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    parts, derived = cuda_error_origin(facts, "cudaErrorUnknown", _ERAS, "cuInit and friends: TensorFlow, JAX, CuPy, Numba", "PyTorch, CuPy runtime calls")
    init = facts.get("init_failure")
    xid = facts.get("xid")
    if init:
        derived["phase"] = "initialisation"
        who = "TensorFlow/JAX will continue on the CPU" if init == "cuInit" else "PyTorch now reports zero GPUs (is_available() is False)"
        parts.append(
            f"the failure happened while initialising CUDA ({init}), so the driver environment of this process is broken, not the model code; {who}"
        )
        fix.append("Fix the environment, not the code: reinstalling torch/TensorFlow will not help; run the verify command in the same container or session after each change.")
    call = str(facts.get("cuda_call") or "").strip()
    if call:
        derived["cuda_call"] = call
        name = call.split("(", 1)[0].strip()
        if name in _EARLY_CALLS and not init:
            derived["phase"] = "initialisation"
            parts.append(
                f"the failing call was {call}, one of the first calls that reach the driver in this process, so treat it like an "
                "initialisation failure: the driver stack (nvidia_uvm, /dev/nvidia*, container or WSL GPU setup) is not usable here"
            )
            fix.append("Check the GPU in the same container / session first (nvidia-smi, then a one-line CUDA call); reload nvidia_uvm or reboot after suspend, and rerun.")
        else:
            parts.append(f"the failing call was {call}")
    if isinstance(xid, int):
        derived["phase"] = derived.get("phase", "runtime")
        if xid in HARDWARE_XIDS:
            derived["fault_side"] = "hardware"
            parts.append(f"the driver logged Xid {xid} nearby: the GPU or its link failed and CUDA reported it as unknown")
            fix.append(f"Drain the GPU (Xid {xid}), reset or reboot the node and move the job; repeated Xid {xid} needs hardware service.")
        else:
            parts.append(f"the driver logged Xid {xid} nearby; NVIDIA's Xid catalogue says whether that is an application or a hardware event")
    if not parts:
        return None
    return Explanation(text="The CUDA driver returned its catch-all error; " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
