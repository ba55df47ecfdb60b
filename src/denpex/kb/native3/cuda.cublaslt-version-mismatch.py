"""Computed diagnosis for cuda.cublaslt-version-mismatch: where cuBLAS came from and which copy to drop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _origin(path: str) -> str:
    p = path.replace("\\", "/")
    if "/nvidia/cublas/" in p:
        return "pip"
    if "/cuda" in p and "/lib64" in p or p.startswith("/usr/local/cuda"):
        return "toolkit"
    if "/conda" in p or "/envs/" in p or "/lib-dynload/" in p or "/miniconda" in p or "/anaconda" in p:
        return "conda"
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("cublas_path") or "")
    symbol = str(facts.get("symbol") or "a cuBLASLt function")
    lt = str(facts.get("lt_lib") or "libcublasLt")
    origin = _origin(path)
    where = f"libcublas was loaded from {path}" if path else "libcublas was loaded from one CUDA install"
    text = (f"{where}, but the {lt} the loader found first is another release that lacks {symbol}: "
            "cuBLAS and cuBLASLt must come from the same CUDA build.")
    if origin == "pip":
        fix = ("libcublas is the pip nvidia-cublas package: drop system/conda CUDA directories from LD_LIBRARY_PATH "
               "(env -u LD_LIBRARY_PATH python ...) so its own libcublasLt is used.",
               "torch 1.13 cu117 wheels: pip uninstall -y nvidia-cublas-cu11 is the known fix when torch brings its own cuBLAS.")
    elif origin == "toolkit":
        fix = (f"libcublas is the system toolkit's ({path.rsplit('/lib', 1)[0] or path}): make sure the same toolkit's "
               "lib64 comes first for libcublasLt too, and no conda/pip copy of libcublasLt.so is ahead of it on LD_LIBRARY_PATH.",
               "find / -name 'libcublasLt.so*' 2>/dev/null lists the copies; keep one per environment.")
    elif origin == "conda":
        fix = ("libcublas is a conda environment's: remove the duplicate cuBLAS (conda list | grep -i cublas; pip list | grep nvidia-cublas) "
               "so that only one release remains, and unset LD_LIBRARY_PATH entries pointing at other CUDA installs.",)
    else:
        fix = ("Find every libcublasLt.so copy (find / -name 'libcublasLt.so*') and keep the one matching libcublas on the loader path; "
               "unset foreign CUDA directories from LD_LIBRARY_PATH.",)
    return Explanation(text=text, fix=fix, derived={"cublas_origin": origin or "unknown"})
