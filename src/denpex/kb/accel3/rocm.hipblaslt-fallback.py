"""Computed diagnosis for rocm.hipblaslt-fallback: benign fallback vs PyTorch's direct hipBLASLt failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    gfx = facts.get("gfx")
    on = f" for {gfx}" if gfx else ""
    if sig == "pytorch-hipblaslt-failed" or facts.get("cublas_status"):
        status = facts.get("cublas_status") or "an error"
        return Explanation(
            text=(f"hipBLASLt could not load its kernels{on}, and PyTorch called hipBLASLt directly, which has no rocBLAS "
                  f"fallback: the matmul failed with CUBLAS_STATUS_{status}."),
            fix=("export TORCH_BLAS_PREFER_HIPBLASLT=0 (or torch.backends.cuda.preferred_blas_library('cublas')) so PyTorch uses rocBLAS.",
                 f"Or install a ROCm / HIP SDK whose hipBLASLt ships TensileLibrary files{on}."),
            derived={"benign": False},
        )
    return Explanation(
        text=f"hipBLASLt has no kernel library or kernel{on} for this GEMM; rocBLAS falls back to its Tensile kernels and the run continues.",
        fix=("Nothing required; ROCBLAS_USE_HIPBLASLT=0 silences it.",),
        derived={"benign": True},
    )
