"""Computed diagnosis for cuda.illegal-memory-access: which API reported it and what to run next."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# cudaErrorIllegalAddress was 77 before CUDA 10.0 and 700 since; the driver API has always used 700.
_ERAS = {77: "CUDA < 10 runtime (legacy THC / cutorch build)", 700: "CUDA >= 10 runtime or driver API"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("cuda_error_code")
    name = facts.get("cuda_error_name")
    if code is None and name is None:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    if isinstance(code, int):
        era = _ERAS.get(code)
        if era:
            derived["cuda_runtime_era"] = era
            parts.append(f"error code {code} is cudaErrorIllegalAddress as numbered by the {era}")
        else:
            parts.append(f"error code {code} was reported with the illegal-address text")
    if name:
        api = "driver API (cuXxx calls: JAX/XLA, TensorFlow, CuPy, Triton)" if str(name).startswith("CUDA_ERROR") else "runtime API (cudaXxx calls: PyTorch, CUTLASS, FlashInfer)"
        derived["reporting_api"] = api
        parts.append(f"{name} comes from the {api}")
    text = (
        "A GPU kernel accessed memory outside its allocations; "
        + "; ".join(parts)
        + ". The error is sticky, so the first occurrence in the log is the one that matters and the"
        " Python frame shown is where it was noticed, not where it happened."
    )
    fix = (
        "Reproduce with CUDA_LAUNCH_BLOCKING=1 so the traceback stops at the faulting launch.",
        "Run the reproduction under compute-sanitizer --tool memcheck to get kernel, thread and address.",
    )
    return Explanation(text=text, fix=fix, derived=derived)
