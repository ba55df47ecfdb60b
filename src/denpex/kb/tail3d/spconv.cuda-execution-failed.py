"""Computed diagnosis for spconv.cuda-execution-failed: decode the cudaError_t number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (name, class) per cudaError_t value; both numberings (CUDA >= 10.1 and older) where they differ.
_CODES = {
    1: ("cudaErrorInvalidValue", "argument"),
    2: ("cudaErrorMemoryAllocation", "oom"),
    3: ("cudaErrorInitializationError", "init"),
    4: ("cudaErrorLaunchFailure (CUDA < 10.1 numbering)", "illegal"),
    7: ("cudaErrorLaunchOutOfResources (CUDA < 10.1 numbering)", "resources"),
    8: ("cudaErrorInvalidDeviceFunction (CUDA < 10.1 numbering)", "arch"),
    9: ("cudaErrorInvalidConfiguration", "argument"),
    35: ("cudaErrorInsufficientDriver", "driver"),
    48: ("cudaErrorNoKernelImageForDevice (CUDA < 10.1 numbering)", "arch"),
    77: ("cudaErrorIllegalAddress (CUDA < 10.1 numbering)", "illegal"),
    98: ("cudaErrorInvalidDeviceFunction", "arch"),
    100: ("cudaErrorNoDevice", "driver"),
    209: ("cudaErrorNoKernelImageForDevice", "arch"),
    700: ("cudaErrorIllegalAddress", "illegal"),
    701: ("cudaErrorLaunchOutOfResources", "resources"),
    719: ("cudaErrorLaunchFailure", "illegal"),
}

_ADVICE = {
    "oom": ("GPU out of memory while building index pairs / gathering features",
            ("Reduce batch size, MAX_NUMBER_OF_VOXELS or the point-cloud range, or run on a free GPU (nvidia-smi).",)),
    "arch": ("the spconv build has no kernels for this GPU's compute capability",
             ("Rebuild spconv 1.x with TORCH_CUDA_ARCH_LIST set to this GPU (python -c \"import torch; print(torch.cuda.get_device_capability())\"), "
              "or move to a spconv 2.x wheel: pip install spconv-cu118 (match your CUDA) and the spconv.pytorch API.",)),
    "illegal": ("out-of-bounds access in a sparse-conv kernel (voxel coordinates outside spatial_shape, negative or wrong batch indices)",
                ("Filter points to the configured range before voxelisation, check coors >= 0 and coors[:, 1:] < sparse_shape, "
                 "and run once with CUDA_LAUNCH_BLOCKING=1 to locate the kernel.",)),
    "init": ("CUDA could not initialise in this process (often CUDA used inside a forked DataLoader worker)",
             ("Keep .cuda() out of Dataset.__getitem__ / collate, or set torch.multiprocessing.set_start_method('spawn').",)),
    "driver": ("the NVIDIA driver is older than the CUDA runtime the extension was built with, or no GPU is visible",
               ("Update the driver (nvidia-smi shows the highest CUDA it supports) or rebuild against an older CUDA; check CUDA_VISIBLE_DEVICES.",)),
    "resources": ("a kernel launch asked for more registers/threads than the GPU allows",
                  ("Rebuild for the right architecture; this usually comes with a build for another GPU generation.",)),
    "argument": ("a CUDA call got an invalid argument (often empty input: zero voxels in a sample)",
                 ("Check that every sample keeps at least one voxel after range filtering.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["cuda_error"])
    except (KeyError, TypeError, ValueError):
        return None
    name, kind = _CODES.get(code, (f"cudaError {code}", ""))
    where = facts.get("kernel_file")
    loc = f" in {where}" + (f":{facts['source_line']}" if facts.get("source_line") else "") if where else ""
    if kind:
        what, fix = _ADVICE[kind]
        diagnosis = f": {what}"
        text = f"spconv reported CUDA error {code} ({name}){loc}: {what}."
    else:
        diagnosis = f" ({name})"
        text = f"spconv reported CUDA error {code}{loc}; look the value up in cuda_runtime_api.h for the CUDA version spconv was built with."
        fix = ("Run with CUDA_LAUNCH_BLOCKING=1 to find the failing kernel.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
