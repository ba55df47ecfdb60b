"""Computed diagnosis for cuda.cusolver-error: status name, the operation that failed and the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {1: "NOT_INITIALIZED", 2: "ALLOC_FAILED", 3: "INVALID_VALUE", 4: "ARCH_MISMATCH", 5: "MAPPING_ERROR",
           6: "EXECUTION_FAILED", 7: "INTERNAL_ERROR", 8: "MATRIX_TYPE_NOT_SUPPORTED", 9: "NOT_SUPPORTED",
           10: "ZERO_PIVOT", 11: "INVALID_LICENSE"}
_OPS = (("Create", "creating the cuSOLVER handle (first GPU linalg call)"), ("getrf", "LU factorization (inverse / solve / det)"),
        ("getrs", "LU solve (solve / inverse)"), ("potrf", "Cholesky factorization"), ("potrs", "Cholesky solve"),
        ("gesvd", "SVD"), ("syevd", "symmetric eigendecomposition (eigh)"), ("syevj", "symmetric eigendecomposition (eigh)"),
        ("geqrf", "QR factorization"), ("orgqr", "QR (forming Q)"), ("ormqr", "QR (applying Q)"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "")
    code = facts.get("code")
    if not status and isinstance(code, int):
        status = _STATUS.get(code, "")
    if not status:
        return None
    call = str(facts.get("call") or "")
    operation = next((name for key, name in _OPS if key.lower() in call.lower()), "a cuSOLVER routine" if call else "")
    handle = "Create" in call
    nan = bool(facts.get("nan_hint")) or status == "INVALID_VALUE"
    where = f" in {call} ({operation})" if call else ""
    if handle or status in ("ALLOC_FAILED", "NOT_INITIALIZED") or (status == "INTERNAL_ERROR" and not call):
        cause = "handle creation: GPU memory or CUDA library mismatch"
        text = (f"cuSOLVER returned {status}{where}. The process could not set up cuSOLVER: the GPU memory is (almost) full when "
                "the first GPU linear-algebra op runs, or the libcusolver/CUDA runtime loaded does not match the torch build.")
        fix = ("Free GPU memory before this op (smaller batch/resolution, torch.cuda.empty_cache()) or do the small matrix op on the CPU: "
               "torch.inverse(M.cpu()).to(M.device).",
               "Check: python -c \"import torch; print(torch.linalg.inv(torch.eye(3, device='cuda')))\" - if this fails too, reinstall "
               "torch for your driver's CUDA in a clean env and unset CUDA paths in LD_LIBRARY_PATH.")
    elif nan:
        cause = "invalid input: NaN/inf in the matrix"
        text = f"cuSOLVER returned {status}{where}: the matrix passed in most likely holds NaN or inf."
        fix = ("Check torch.isfinite(A).all() before the call and fix the upstream NaN.",)
    elif status == "EXECUTION_FAILED":
        cause = "factorization failed on this matrix"
        text = (f"cuSOLVER returned EXECUTION_FAILED{where}: the kernel failed on this matrix - NaN/inf or a very ill-conditioned "
                "matrix, and on CUDA 11.x builds known cuSOLVER bugs.")
        fix = ("Check the matrix for NaN/inf; compute in float64 or on the CPU.",
               "Try torch.backends.cuda.preferred_linalg_library('magma') or a CUDA 12.1+ torch build.")
    else:
        cause = "cuSOLVER library failure"
        text = f"cuSOLVER returned {status}{where}."
        fix = ("Run the op on the CPU to check the input, then try preferred_linalg_library('magma') or another torch/CUDA build.",)
    return Explanation(text=text, fix=fix, derived={"status": status, "operation": operation, "cause": cause})
