"""Computed diagnosis for dlib.cuda-call-failed: library, status meaning and the fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDNN = {1: "CUDNN_STATUS_NOT_INITIALIZED", 2: "CUDNN_STATUS_ALLOC_FAILED", 3: "CUDNN_STATUS_BAD_PARAM",
          4: "CUDNN_STATUS_INTERNAL_ERROR", 5: "CUDNN_STATUS_INVALID_VALUE", 6: "CUDNN_STATUS_ARCH_MISMATCH",
          8: "CUDNN_STATUS_EXECUTION_FAILED", 9: "CUDNN_STATUS_NOT_SUPPORTED"}
_CUBLAS = {1: "CUBLAS_STATUS_NOT_INITIALIZED", 3: "CUBLAS_STATUS_ALLOC_FAILED", 7: "CUBLAS_STATUS_INVALID_VALUE",
           8: "CUBLAS_STATUS_ARCH_MISMATCH", 13: "CUBLAS_STATUS_EXECUTION_FAILED", 14: "CUBLAS_STATUS_INTERNAL_ERROR"}
_CUDA = {2: "cudaErrorMemoryAllocation", 3: "cudaErrorInitializationError", 35: "cudaErrorInsufficientDriver",
         100: "cudaErrorNoDevice", 209: "cudaErrorNoKernelImageForDevice", 700: "cudaErrorIllegalAddress"}


def _library(call: str) -> str:
    if call.startswith("cudnn"):
        return "cuDNN"
    if call.startswith("cublas"):
        return "cuBLAS"
    return "CUDA runtime"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "")
    reason = str(facts.get("reason") or "").strip()
    if not call or not reason:
        return None
    try:
        code = int(facts.get("code"))
    except (TypeError, ValueError):
        code = -1
    lib = _library(call)
    table = {"cuDNN": _CUDNN, "cuBLAS": _CUBLAS}.get(lib, _CUDA)
    derived: dict[str, Any] = {"library": lib}
    name = table.get(code)
    if name:
        derived["code_name"] = name
    m = re.search(r"dlib-(\d+\.\d+(?:\.\d+)?)", str(facts.get("file") or ""))
    if m:
        derived["dlib_version"] = m.group(1)
    r = reason.lower()
    where = f"{call} ({lib}, code {code}{', ' + name if name else ''})"
    if "out of memory" in r or name in ("CUDNN_STATUS_ALLOC_FAILED", "CUBLAS_STATUS_ALLOC_FAILED"):
        host = call.startswith("cudaMallocHost") or call.startswith("cudaHostAlloc")
        diagnosis = "pinned host memory exhausted" if host else "GPU out of memory"
        text = (f"{where} could not allocate: " + ("page-locked host RAM ran out (cudaMallocHost)." if host
                else "the GPU has no room for the buffers of this image/batch."))
        fix = ("Downscale large images and use number_of_times_to_upsample=0 (face_recognition: number_of_times_to_upsample=0), "
               "or a smaller batch/mini-batch.",
               "Free the GPU (nvidia-smi: other processes); with TensorFlow in the same process set memory growth.")
    elif "initialization error" in r or (code == 3 and lib == "CUDA runtime"):
        diagnosis = "CUDA could not initialise in this process"
        text = (f"{where}: the CUDA runtime cannot start here. Typical: the process was forked after the parent had used "
                "CUDA (multiprocessing/gunicorn/celery workers); at import or in a single process: the driver is missing, broken or older "
                "than the CUDA toolkit dlib was built with, or no GPU is visible.")
        fix = ("Use multiprocessing.set_start_method('spawn') (or import dlib / face_recognition inside each worker, not in the parent).",
               "Check that nvidia-smi works, that its CUDA version is >= the toolkit dlib was built with, and that CUDA_VISIBLE_DEVICES names a GPU; "
               "update the NVIDIA driver otherwise.")
    elif "initialization failed" in r or name in ("CUDNN_STATUS_NOT_INITIALIZED", "CUBLAS_STATUS_NOT_INITIALIZED") or call.endswith("Create") or call.endswith("Create_v2"):
        diagnosis = f"{lib} could not start"
        text = (f"{where}: {lib} could not create its handle. Usually the GPU memory is already taken (TensorFlow/PyTorch in the "
                f"same process reserve it), or the {lib} library found at run time does not fit the CUDA/driver dlib was built with.")
        fix = ("If TensorFlow runs in the same process: tf.config.experimental.set_memory_growth(gpu, True) before dlib runs; "
               "otherwise free GPU memory.",
               f"Rebuild dlib against the installed CUDA and {lib}: pip install --no-cache-dir --force-reinstall dlib (with CUDA found by cmake).")
    elif "bad_param" in r or "not_supported" in r or "a call to cudnn failed" in r or "invalid" in r or "no kernel image" in r:
        diagnosis = f"dlib build does not fit the installed {lib}/GPU"
        text = (f"{where}: the call was rejected, which with correct dlib code means dlib runs against another {lib}/CUDA than "
                "it was compiled for, or the dlib release predates the installed cuDNN (cuDNN 8 needs a recent dlib).")
        fix = ("Upgrade dlib and rebuild it from source against the installed CUDA and cuDNN (check with ldd which libcudnn it loads).",)
    else:
        diagnosis = f"{lib} call failed: {reason}"
        text = f"{where} failed with '{reason}'."
        fix = ("Check the GPU state (nvidia-smi) and rebuild dlib against the installed CUDA/cuDNN.",)
    derived["diagnosis"] = diagnosis
    if "dlib_version" in derived:
        text += f" (dlib {derived['dlib_version']})"
    return Explanation(text=text, fix=fix, derived=derived)
