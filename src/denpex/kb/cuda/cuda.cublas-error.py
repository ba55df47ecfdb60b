"""Computed diagnosis for cuda.cublas-error: what this CUBLAS status means for this call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    "NOT_INITIALIZED": (
        "the cuBLAS handle could not be created; in PyTorch this almost always means the GPU had no free memory left for the handle and its workspace",
        ("Free GPU memory before the first matmul: smaller batch, stop other processes on the GPU (nvidia-smi), or check CUDA_VISIBLE_DEVICES points at an idle GPU.",),
    ),
    "ALLOC_FAILED": (
        "cuBLAS could not allocate its workspace or handle resources: the GPU is out of memory",
        ("Reduce batch size / sequence length or free memory held by other processes; this is an out-of-memory condition.",),
    ),
    "EXECUTION_FAILED": (
        "the GEMM kernel failed on the GPU; frequently an earlier kernel's sticky error (out-of-range embedding index, illegal address) surfacing at this matmul",
        (
            "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the first failing kernel (check input_ids.max() < vocab size for embeddings).",
            "If the matmul itself fails on valid inputs, test float32 vs half and upgrade PyTorch (bundled cuBLAS).",
        ),
    ),
    "INVALID_VALUE": (
        "cuBLAS rejected an argument (size, leading dimension, stride or pointer)",
        ("Check the shapes/strides of the failing matmul; call .contiguous() on inputs and look for zero or huge dimensions.",),
    ),
    "NOT_SUPPORTED": (
        "the requested dtype / compute type / alignment combination is not supported by this cuBLAS version or GPU",
        ("Use a dtype the GPU supports (e.g. float16 instead of bfloat16 on pre-Ampere GPUs) or upgrade PyTorch/cuBLAS.",),
    ),
    "ARCH_MISMATCH": (
        "the operation needs a GPU feature this architecture lacks",
        ("Use a dtype/feature supported by the GPU (check torch.cuda.get_device_capability()).",),
    ),
    "INTERNAL_ERROR": (
        "cuBLAS hit an internal failure, usually from a failed CUDA call underneath (memory or an earlier sticky error)",
        ("Rerun with CUDA_LAUNCH_BLOCKING=1 and check free memory at the failing step.",),
    ),
    "MAPPING_ERROR": (
        "cuBLAS could not access GPU memory (texture/mapping failure), usually an earlier memory corruption",
        ("Rerun with CUDA_LAUNCH_BLOCKING=1 to find the earlier faulting kernel.",),
    ),
}

_LEGACY = {
    "the GPU program failed to execute": "EXECUTION_FAILED",
    "resource allocation failed": "ALLOC_FAILED",
    "library not initialized": "NOT_INITIALIZED",
}


# cublasStatus_t numeric values (cublas_api.h), for messages that print only the number
_CODES = {1: "NOT_INITIALIZED", 3: "ALLOC_FAILED", 7: "INVALID_VALUE", 8: "ARCH_MISMATCH", 11: "MAPPING_ERROR",
          13: "EXECUTION_FAILED", 14: "INTERNAL_ERROR", 15: "NOT_SUPPORTED", 16: "LICENSE_ERROR"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("cublas_status")
    legacy = facts.get("cublas_message")
    call = facts.get("cublas_call")
    derived: dict[str, Any] = {}
    if status is None and legacy:
        status = _LEGACY.get(str(legacy).strip())
        if status:
            derived["cublas_status"] = status
    if status is None and facts.get("cublas_code") is not None:
        try:
            status = _CODES.get(int(facts["cublas_code"]))
        except (TypeError, ValueError):
            status = None
        if status:
            derived["cublas_status"] = status
    if facts.get("_signature") == "deepspeed-create-handle":
        call = "cublasCreate"
        if status is None:
            return Explanation(
                text=("DeepSpeed could not create its cuBLAS handle (the message carries no status): almost always the GPU had no "
                      "memory left for the cuBLAS workspace (another process, or this rank on the wrong device), or the CUDA context is broken."),
                fix=("Check nvidia-smi for other processes on the GPU and that each rank uses its own device (LOCAL_RANK / CUDA_VISIBLE_DEVICES).",
                     "Upgrade DeepSpeed (>= 0.10 prints the CUBLAS_STATUS_ code) or reduce memory use before deepspeed.initialize."),
                derived={"cublas_call": "cublasCreate"},
            )
    if status is None:
        return None
    if facts.get("_signature") == "ctranslate2-status":
        return _ctranslate2(str(status), derived)
    meaning, fix = _STATUS.get(str(status), ("cuBLAS returned an error status", ("Rerun with CUDA_LAUNCH_BLOCKING=1 to locate the failing call.",)))
    where = ""
    if call:
        where = " while creating the cuBLAS handle" if call == "cublasCreate" else f" in {call}"
    text = f"CUBLAS_STATUS_{status}{where}: {meaning}."
    return Explanation(text=text, fix=fix, derived=derived)


def _ctranslate2(status: str, derived: dict[str, Any]) -> Explanation:
    """CTranslate2 (faster-whisper and the apps built on it) raised the cuBLAS status."""
    derived["runtime"] = "CTranslate2"
    if status == "NOT_SUPPORTED":
        return Explanation(
            text=("CTranslate2 (faster-whisper / Faster-Whisper-XXL / whisperX) got CUBLAS_STATUS_NOT_SUPPORTED from a GEMM: "
                  "the int8 compute path (compute_type auto, int8 or int8_float16 on the GPU) is not supported by cuBLAS on this "
                  "GPU with this CTranslate2 build - the typical case is an RTX 50xx (Blackwell) card."),
            fix=("Run with --compute_type float16 (Python: WhisperModel(model, device='cuda', compute_type='float16')); float32 also works with more memory.",
                 "Or upgrade CTranslate2 / the standalone Faster-Whisper build to a release that supports int8 GEMMs on Blackwell."),
            derived=derived,
        )
    if status in ("ALLOC_FAILED", "NOT_INITIALIZED"):
        return Explanation(
            text=(f"CTranslate2 got CUBLAS_STATUS_{status}: cuBLAS could not allocate its handle or workspace, so the GPU "
                  "memory was full (model size, batch_size / beam_size, or another process on the GPU)."),
            fix=("Use a smaller model or compute_type int8_float16, lower batch_size / beam_size, or free the GPU (nvidia-smi).",),
            derived=derived,
        )
    meaning, fix = _STATUS.get(status, ("cuBLAS returned an error status", ("Rerun with CUDA_LAUNCH_BLOCKING=1 to locate the failing call.",)))
    return Explanation(text=f"CTranslate2 got CUBLAS_STATUS_{status}: {meaning}.", fix=fix, derived=derived)
