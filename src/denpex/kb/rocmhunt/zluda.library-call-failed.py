"""Computed diagnosis for zluda.library-call-failed: the AMD status behind '[ZLUDA] <lib> failed: N'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HIPRTC = {1: "HIPRTC_ERROR_OUT_OF_MEMORY", 2: "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE", 3: "HIPRTC_ERROR_INVALID_INPUT",
           4: "HIPRTC_ERROR_INVALID_PROGRAM", 5: "HIPRTC_ERROR_INVALID_OPTION", 6: "HIPRTC_ERROR_COMPILATION",
           7: "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE", 11: "HIPRTC_ERROR_INTERNAL_ERROR"}
_HIP = {1: "hipErrorInvalidValue", 2: "hipErrorOutOfMemory", 3: "hipErrorNotInitialized", 98: "hipErrorInvalidDeviceFunction",
        100: "hipErrorNoDevice", 101: "hipErrorInvalidDevice", 200: "hipErrorInvalidImage", 209: "hipErrorNoBinaryForGpu",
        400: "hipErrorInvalidHandle", 500: "hipErrorNotFound", 700: "hipErrorIllegalAddress", 719: "hipErrorLaunchFailure"}
_MIOPEN = {1: "miopenStatusNotInitialized", 2: "miopenStatusInvalidValue", 3: "miopenStatusBadParm",
           4: "miopenStatusAllocFailed", 5: "miopenStatusInternalError", 9: "miopenStatusGpuOperationsSkipped",
           10: "miopenStatusVersionMismatch"}
_HIPBLAS = {1: "HIPBLAS_STATUS_NOT_INITIALIZED", 2: "HIPBLAS_STATUS_ALLOC_FAILED", 3: "HIPBLAS_STATUS_INVALID_VALUE",
            5: "HIPBLAS_STATUS_EXECUTION_FAILED", 6: "HIPBLAS_STATUS_INTERNAL_ERROR", 7: "HIPBLAS_STATUS_NOT_SUPPORTED",
            8: "HIPBLAS_STATUS_ARCH_MISMATCH"}

_UPDATE_FIX = ("Install the ZLUDA build made for the installed HIP SDK (hipinfo / HIP_PATH), delete the .zluda folder or "
               "re-copy ZLUDA's DLLs into venv\\Lib\\site-packages\\torch\\lib, and restart.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = facts.get("library")
    code = facts.get("code")
    if not lib or code is None:
        return None
    try:
        code = int(code)
    except (TypeError, ValueError):
        return None
    key = str(lib).upper().replace(" ", "_")
    if key == "HIPRTC":
        name = _HIPRTC.get(code)
        if code == 6:
            what = "HIPRTC could not compile a CUDA kernel that the program compiles at run time (PyTorch JIT fuser, cupy, a custom kernel)"
            fix = ("Turn off run-time CUDA compilation: torch._C._jit_set_texpr_fuser_enabled(False) and "
                   "torch._C._jit_override_can_fuse_on_gpu(False), or the app's option for its custom kernel; update the ZLUDA launcher that patches this.",
                   _UPDATE_FIX)
        else:
            what = "HIPRTC failed inside ZLUDA's nvrtc replacement; internal or creation errors usually mean ZLUDA and the HIP SDK (hiprtc DLL) are out of step"
            fix = (_UPDATE_FIX, "If it persists, disable run-time CUDA compilation (JIT fuser / custom kernels).")
        family = "hiprtcResult"
    elif key in ("HIP_RUNTIME", "HIP"):
        name = _HIP.get(code)
        family = "hipError_t"
        if code == 2:
            what = "the GPU ran out of memory (hipErrorOutOfMemory), which ZLUDA reports as a panic instead of a CUDA out-of-memory error"
            fix = ("Lower resolution / batch size / model size, use the app's low-VRAM or offload mode, close other programs using the GPU.",)
        elif code in (98, 200, 209):
            what = "the GPU has no code object for a kernel (gfx target not in the HIP SDK's or ZLUDA's libraries)"
            fix = ("Use a HIP SDK / ROCm library build that includes your GPU's gfx target (community rocBLAS/Tensile libraries for unsupported RDNA cards).", _UPDATE_FIX)
        else:
            what = "a HIP runtime call returned a status ZLUDA does not translate"
            fix = (_UPDATE_FIX, "Update the AMD driver to one the HIP SDK supports.")
    elif key == "MIOPEN":
        name = _MIOPEN.get(code)
        family = "miopenStatus_t"
        what = "MIOpen rejected a cuDNN call (convolution / normalization / RNN) forwarded by ZLUDA"
        fix = ("Disable cuDNN under ZLUDA: torch.backends.cudnn.enabled = False (ComfyUI does this when it detects ZLUDA; SD.Next has an option).", _UPDATE_FIX)
    elif key in ("HIPBLASLT", "HIPBLAS", "ROCBLAS"):
        name = _HIPBLAS.get(code)
        family = "hipblasStatus_t"
        what = "a cuBLAS/cuBLASLt GEMM forwarded to hipBLASLt/rocBLAS failed (dtype or shape not supported on this gfx)"
        fix = ("set DISABLE_ADDMM_CUDA_LT=1 so PyTorch avoids cuBLASLt, or run in float16/float32 instead of bf16/fp8.", _UPDATE_FIX)
    else:
        name = None
        family = "status"
        what = f"a {lib} call returned a status ZLUDA does not translate"
        fix = (_UPDATE_FIX,)
    status = f"{code} ({name})" if name else str(code)
    return Explanation(
        text=f"ZLUDA's {lib} translation got {family} {status} and panicked, aborting the process: {what}.",
        fix=fix,
        derived={"status_name": name or "", "status_family": family},
    )
