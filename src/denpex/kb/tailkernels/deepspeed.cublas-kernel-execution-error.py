"""Computed diagnosis for deepspeed.cublas-kernel-execution-error: name the cuBLAS status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    0: "CUBLAS_STATUS_SUCCESS",
    1: "CUBLAS_STATUS_NOT_INITIALIZED",
    3: "CUBLAS_STATUS_ALLOC_FAILED",
    7: "CUBLAS_STATUS_INVALID_VALUE",
    8: "CUBLAS_STATUS_ARCH_MISMATCH",
    11: "CUBLAS_STATUS_MAPPING_ERROR",
    13: "CUBLAS_STATUS_EXECUTION_FAILED",
    14: "CUBLAS_STATUS_INTERNAL_ERROR",
    15: "CUBLAS_STATUS_NOT_SUPPORTED",
    16: "CUBLAS_STATUS_LICENSE_ERROR",
}

_MEANING = {
    1: ("cuBLAS handle not initialised", "the handle was created on another device or CUDA failed to initialise; check CUDA_VISIBLE_DEVICES and earlier errors"),
    3: ("cuBLAS could not allocate memory", "free GPU memory: smaller batch / max tokens, no other process on the GPU"),
    7: ("invalid GEMM arguments", "a dimension or leading dimension is invalid for this GEMM (zero-sized input, unsupported head size or hidden size for the fused kernel)"),
    8: ("GEMM path needs a newer GPU architecture", "use fp16/fp32 instead of int8/bf16 on this GPU, or run without kernel injection"),
    13: ("the GEMM kernel could not run", "typical causes: int8 inference kernels unsupported on this GPU/build, GPU memory exhausted, or an earlier asynchronous CUDA fault; re-run with CUDA_LAUNCH_BLOCKING=1"),
    14: ("cuBLAS internal error", "usually a failed workspace allocation under memory pressure; free GPU memory and retry"),
    15: ("GEMM data type / algorithm not supported on this GPU", "switch dtype (fp16 instead of int8/bf16) or disable kernel injection"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["status_code"])
    except (KeyError, TypeError, ValueError):
        return None
    name = _STATUS.get(code, f"status {code}")
    short, advice = _MEANING.get(code, ("cuBLAS returned a failure status", "on ROCm builds the number is a rocBLAS status; look it up in rocblas-types.h"))
    shape = ""
    try:
        m, n, k = int(facts["m"]), int(facts["n"]), int(facts["k"])
        batch = int(facts.get("batch") or 1)
        shape = f" GEMM {m}x{k} @ {k}x{n}" + (f" x{batch} batches" if batch > 1 else "") + "."
        if n <= 8 and code == 13:
            advice += f"; n={n} is the token/batch dimension of a decode step, so the failure is in generation, not in the prompt"
    except (KeyError, TypeError, ValueError):
        pass
    text = f"error {code} = {name}: {short}.{shape} {advice[0].upper()}{advice[1:]}."
    fix = ["deepspeed.init_inference(model, dtype=torch.half, replace_with_kernel_inject=True)  # not torch.int8",
           "CUDA_LAUNCH_BLOCKING=1 python run.py  # find the first failing kernel"]
    return Explanation(text=text, fix=tuple(fix), derived={"status_name": name, "diagnosis": short})
