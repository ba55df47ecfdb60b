"""Computed diagnosis for graphvite.cuda-check-failed: what the CUDA message or cuRAND status points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CURAND = {
    101: "CURAND_STATUS_VERSION_MISMATCH",
    102: "CURAND_STATUS_NOT_INITIALIZED",
    103: "CURAND_STATUS_ALLOCATION_FAILED",
    104: "CURAND_STATUS_TYPE_ERROR",
    105: "CURAND_STATUS_OUT_OF_RANGE",
    106: "CURAND_STATUS_LENGTH_NOT_MULTIPLE",
    107: "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED",
    201: "CURAND_STATUS_LAUNCH_FAILURE",
    202: "CURAND_STATUS_PREEXISTING_FAILURE",
    203: "CURAND_STATUS_INITIALIZATION_FAILED",
    204: "CURAND_STATUS_ARCH_MISMATCH",
    999: "CURAND_STATUS_INTERNAL_ERROR",
}

_ENV = ("Check nvidia-smi in the same shell/container, then install the graphvite build whose CUDA (build string "
        "cudaXXX) your driver supports, or update the driver.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("cuda_error") or "").strip()
    low = msg.lower()
    status = facts.get("curand_status")
    where = facts.get("source")
    at = f" at {str(where).rsplit('/', 1)[-1]}" if where else ""
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if status is not None:
        try:
            code = int(status)
        except (TypeError, ValueError):
            code = -1
        name = _CURAND.get(code, f"curand status {status}")
        derived["status_name"] = name
        if code in (203, 101, 204):
            text = f"cuRAND failed with {name}{at}: the GPU could not be initialised by this build (driver older than the package's CUDA, mixed cudatoolkit, or no usable device)."
            fix.append(_ENV)
        elif code == 103:
            text = f"cuRAND failed with {name}{at}: not enough GPU memory for the generators after the embedding tables were allocated."
            fix.append("Lower dim, episode_size or batch_size, or raise num_partition.")
        else:
            text = f"cuRAND failed with {name}{at}; an earlier CUDA failure or a broken driver state is the usual cause."
            fix.append(_ENV)
    elif facts.get("check") == "CURAND_STATUS_SUCCESS":
        text = "cuRAND failed while the solver was being built (the status number was cut from the log); on a fresh install this is nearly always CURAND_STATUS_INITIALIZATION_FAILED (203), a driver/runtime mismatch or no usable GPU."
        fix.append(_ENV)
    elif "out of memory" in low:
        text = f"A device allocation failed{at}: the embedding partitions and sample pools of this graph do not fit the GPU."
        fix.append("Lower dim, raise num_partition, lower episode_size/batch_size, or add GPUs (gpus: [...]) in the GraphVite config.")
    elif "driver version is insufficient" in low:
        text = f"The CUDA runtime graphvite was built with is newer than the NVIDIA driver{at}."
        fix.append(_ENV)
    elif "no kernel image" in low or "invalid device function" in low:
        text = f"The installed graphvite has no kernels for this GPU's architecture{at}."
        fix.append("Build graphvite from source for this GPU (set the CUDA architecture in CMake) or install a build that includes its compute capability.")
    else:
        text = f"A CUDA call failed with '{msg}'{at}: the GPU or driver is not usable from this process (container without the devices, driver state after suspend, mismatched runtime)."
        fix.append(_ENV)
    derived["detail"] = derived.get("status_name") or msg or "cuRAND status cut from the log"
    return Explanation(text=text, fix=tuple(fix), derived=derived)
