"""Computed diagnosis for openmm.cuda-device-unavailable: wording mapped to the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ERR = {
    "CUDA_ERROR_NO_DEVICE": "the driver exposes no GPU to this process (container without --gpus, empty CUDA_VISIBLE_DEVICES, no MIG instance)",
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": "the user-space driver library does not match the kernel driver (upgrade without reboot)",
    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE": "a CUDA forward-compatibility package is used on a GPU that does not support it",
    "CUDA_ERROR_UNKNOWN": "the driver failed to initialise (often a driver/kernel module problem; check dmesg)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "init-error":
        err = str(facts.get("cuda_error") or "")
        why = _ERR.get(err, "cuInit failed")
        return Explanation(
            text=f"cuInit failed with {err} ({facts.get('cuda_code')}): {why}.",
            fix=("nvidia-smi; echo $CUDA_VISIBLE_DEVICES", "docker run --gpus all ... / request a GPU from the scheduler"),
            derived={"reason": f"{err}: {why}"},
        )
    if sig == "requested-device-not-loaded":
        return Explanation(
            text="The DeviceIndex given to the CUDA platform names a GPU that could not host an OpenMM context (not visible, exclusive and busy, or unsupported).",
            fix=("print the visible devices: nvidia-smi -L; echo $CUDA_VISIBLE_DEVICES",
                 "set properties={'DeviceIndex': '<index among the visible GPUs>'} or drop the property"),
            derived={"reason": "requested DeviceIndex unusable"},
        )
    if sig == "no-compatible-device":
        return Explanation(
            text=("Every visible GPU was rejected when OpenMM tried to create its CUDA context. Most often the GPUs are in "
                  "Exclusive_Process mode and another process holds them; otherwise none is visible or the driver is too old for this build."),
            fix=("nvidia-smi --query-gpu=index,compute_mode,memory.used --format=csv",
                 "one OpenMM process per exclusive GPU (or nvidia-smi -c DEFAULT as admin)",
                 "conda install -c conda-forge openmm cuda-version=<CUDA version in nvidia-smi>"),
            derived={"reason": "no visible GPU accepted a CUDA context"},
        )
    return None
