"""Computed diagnosis for caffe.cuda-check-failed: name the CUDA error code and what it means for Caffe."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# cudaError_t values (CUDA 6-10 numbering) that Caffe users hit, with the usual Caffe-side cause.
_CODES: dict[int, tuple[str, str, str]] = {
    8: ("cudaErrorInvalidDeviceFunction", "no kernel image for this GPU's compute capability (CUDA_ARCH in Makefile.config)",
        "add -gencode arch=compute_XY,code=sm_XY (and code=compute_XY) for the GPU to CUDA_ARCH, then make clean && make all pycaffe"),
    11: ("cudaErrorInvalidValue", "a CUDA call got an invalid size or pointer (often a blob far larger than expected, or a copy of a zero-size / overflowing count)",
         "check the layer shapes around the failing call (very large batch x feature sizes overflow int counts); run with a smaller batch to confirm"),
    30: ("cudaErrorUnknown", "unspecified driver failure: often after suspend/resume, a driver/runtime mismatch or a GPU fault",
         "reboot or reload the nvidia kernel module; check dmesg for Xid errors"),
    46: ("cudaErrorDevicesUnavailable", "the GPU is in exclusive-process mode and used by another process",
         "nvidia-smi to find the other process, or nvidia-smi -c DEFAULT"),
    48: ("cudaErrorNoKernelImageForDevice", "no kernel image for this GPU (newer numbering of the arch mismatch)",
         "rebuild Caffe with the GPU's architecture in CUDA_ARCH"),
    74: ("cudaErrorMisalignedAddress", "a kernel accessed a misaligned address (a fork's custom layer)", "run cuda-memcheck ./build/tools/caffe ..."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["cuda_error_code"]) if facts.get("cuda_error_code") is not None else 8
    except (TypeError, ValueError):
        return None
    err = str(facts.get("cuda_error") or "")
    src = str(facts.get("source_file") or "")
    where = f" in {src}" if src else ""
    if err == "invalid device function" or code == 8:
        text = (f"CUDA error 8 (invalid device function){where}: Caffe's kernels were not compiled for this GPU. "
                "The CUDA_ARCH list used to build Caffe has no SASS for the GPU's compute capability and no PTX it could JIT.")
        fix = ("nvidia-smi --query-gpu=name,compute_cap --format=csv  -> e.g. 8.6 means sm_86",
               "In Makefile.config add: -gencode arch=compute_86,code=sm_86 -gencode arch=compute_86,code=compute_86 (use your number)",
               "make clean && make -j$(nproc) all pycaffe  # rebuild everything, including the fork's layers")
        return Explanation(text=text, fix=fix, derived={"cuda_error_name": "cudaErrorInvalidDeviceFunction",
                                                          "diagnosis": "Caffe built without code for this GPU"})
    name, why, todo = _CODES.get(code, ("cudaError " + str(code), f"CUDA runtime error '{err}'", "look up the code in cuda_runtime_api.h / driver_types.h for the CUDA version used"))
    text = f"CUDA error {code} ({err or name}){where}: {why}."
    return Explanation(text=text, fix=(todo,), derived={"cuda_error_name": name, "diagnosis": why})
