"""Computed diagnosis for chainer.cuda-environment-not-set-up: why CuPy did not import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    orig = str(facts.get("original_error") or "").strip()
    hay = f"{reason} {orig}"
    if "cupy.util" in hay or "get_build_version" in hay:
        diag = "CuPy newer than Chainer supports"
        text = "The installed CuPy is a newer major version than this Chainer supports (CuPy 8 removed modules Chainer uses)."
        fix = ("pip install 'cupy-cudaXXX<8' matching your CUDA (CuPy 7 for Chainer 7).",)
    elif "No module named 'cupy'" in hay or "No module named cupy" in hay:
        diag = "CuPy not installed"
        text = "CuPy is not installed; Chainer 2+ needs the separate CuPy package for GPU work."
        fix = ("pip install cupy-cudaXXX (the suffix of your CUDA version, same major as Chainer).",)
    elif "cannot import name core" in hay or "CuPy is not correctly installed" in hay:
        diag = "CuPy built without CUDA"
        text = ("CuPy is present but its compiled core did not load: it was built without the CUDA toolkit "
                "(Chainer 1.x) or for another CUDA version.")
        fix = ("Put the CUDA toolkit on PATH/LD_LIBRARY_PATH (CUDA_PATH) and reinstall with --no-cache-dir, "
               "or install a prebuilt cupy-cudaXX wheel.",)
    elif not reason and not orig:
        return None
    else:
        diag = "CuPy import failed"
        text = f"Importing CuPy failed: {reason or orig}."
        fix = ("Run python -c 'import cupy' to see the full import error.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
