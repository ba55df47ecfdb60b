"""Computed diagnosis for system.openmp-duplicate-runtime: which OpenMP copies clashed and where the duplicate usually comes from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rt, other = facts.get("runtime"), facts.get("other")
    if not rt:
        return None
    low = f"{rt} {other or ''}".lower()
    windows = ".dll" in low
    derived: dict[str, Any] = {"platform": "windows" if windows else "linux/macos"}
    parts = [f"Intel's OpenMP runtime refused to start a second copy: {rt} was being initialised while {other or rt} was already running in this process. "
             "Two packages each ship their own OpenMP library and both got loaded."]
    fix: list[str] = []
    if windows:
        parts.append("On Windows this is almost always conda's MKL/intel-openmp copy (<env>\\Library\\bin\\libiomp5md.dll) plus the copy bundled in torch\\lib (or another wheel) - both on the DLL search path.")
        fix.append("Find the copies: where /r \"%CONDA_PREFIX%\" libiomp5md.dll - then keep the one in torch\\lib and remove the conda one (conda remove intel-openmp mkl with nomkl installed, or rename <env>\\Library\\bin\\libiomp5md.dll).")
        fix.append("Or install torch and numpy from one channel only (all pip, or all conda) in a fresh environment.")
    else:
        parts.append("On Linux/macOS it is usually conda's intel-openmp/llvm-openmp plus a wheel that bundles libiomp5 or libomp (torch, mkl from pip, faiss, lightgbm).")
        fix.append("List the copies loaded: python -c 'import torch, numpy' && cat /proc/$(pgrep -n python)/maps | grep -E 'iomp|libomp|gomp' (macOS: DYLD_PRINT_LIBRARIES=1); remove one source (conda install nomkl, or pip and conda not both providing OpenMP).")
    fix.append("KMP_DUPLICATE_LIB_OK=TRUE only silences the check: Intel documents it as unsafe (crashes or wrong results); use it to confirm the diagnosis, not as the fix.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
