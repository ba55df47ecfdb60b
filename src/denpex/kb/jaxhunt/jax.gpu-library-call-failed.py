"""Computed diagnosis for jax.gpu-library-call-failed: which library failed and the likely cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _library(op: str, reason: str) -> str:
    o = op.lower()
    for key, name in (("solver", "cuSolver"), ("cublas", "cuBLAS"), ("blas", "cuBLAS"), ("cufft", "cuFFT"),
                      ("fft", "cuFFT"), ("sparse", "cuSPARSE"), ("cuda", "CUDA runtime")):
        if key in o:
            return name
    r = reason.lower()
    for key, name in (("cusolver", "cuSolver"), ("cublas", "cuBLAS"), ("cufft", "cuFFT"), ("cusparse", "cuSPARSE")):
        if key in r:
            return name
    return "CUDA library"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("operation") or "")
    reason = str(facts.get("reason") or "").strip().rstrip(".")
    if not op:
        return None
    lib = _library(op, reason)
    src = facts.get("source_file")
    handle = "Create" in op
    text = f"jaxlib's {src or 'GPU kernel'} called {op} ({lib}) and it failed: {reason or 'unknown error'}."
    fix = []
    if "symbol not found" in reason or "version" in reason.lower():
        text += " A symbol/version error means the loaded CUDA library or driver does not match the jaxlib build."
        fix.append("Reinstall with matching libraries: pip install -U 'jax[cuda12]' in a clean env; remove other CUDA lib dirs from LD_LIBRARY_PATH.")
    elif handle:
        text += (f" {lib} handle creation fails mostly when the GPU has no free memory left (XLA preallocates 75%; another "
                 "framework/process holds the rest) or when a mismatched library version was loaded.")
        fix.append("export XLA_PYTHON_CLIENT_PREALLOCATE=false  # or XLA_PYTHON_CLIENT_MEM_FRACTION=0.5; keep TF/PyTorch off this GPU")
        fix.append("If that does not help: clean jax[cuda12] install, unset LD_LIBRARY_PATH CUDA entries, update the driver.")
    else:
        fix.append("Check GPU memory (nvidia-smi) and that the CUDA libraries match jaxlib (jax.print_environment_info()).")
    return Explanation(text=text, fix=tuple(fix), derived={"library": lib})
