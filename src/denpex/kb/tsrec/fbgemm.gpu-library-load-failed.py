"""Computed diagnosis for fbgemm.gpu-library-load-failed: what the failing symbol/dependency points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "the fbgemm_gpu operator library")
    sym = str(facts.get("symbol") or "")
    missing = str(facts.get("missing") or "")
    if missing:
        cause = f"dependency {missing} missing"
        if "nvidia-ml" in missing or "libcuda" in missing:
            text = (f"{lib} needs {missing}, which comes with the NVIDIA driver: this is the CUDA build of fbgemm_gpu "
                    "on a host without a (visible) GPU driver.")
            fix = ("Use the CPU variant on this host (pip install fbgemm-gpu-cpu / the /whl/cpu index), "
                   "or run where the NVIDIA driver is installed.",)
        else:
            text = f"{lib} links against {missing}, which is not on the library path (CUDA-version or variant mix)."
            fix = (f"Install the fbgemm-gpu build for the CUDA version of your torch, or make {missing} findable.",)
        return Explanation(text=text, fix=fix, derived={"cause": cause})
    if not sym:
        return None
    if "tbb" in sym:
        cause = "TBB runtime too old"
        text = (f"{lib} needs TBB symbol {sym}; an older libtbb (often from the conda base env) is loaded first.")
        fix = ("pip install -U tbb (or conda install -c conda-forge tbb) in this environment, then import again.",)
    elif any(k in sym for k in ("c10", "N2at", "3at", "torch", "GPUTrace")):
        cause = "fbgemm_gpu built for another torch"
        text = (f"{lib} imports libtorch symbol {sym}, which this torch does not export: fbgemm-gpu was built "
                "for a different torch release (or CUDA/CPU build).")
        fix = ("Reinstall as a matching set from one index: pip install torch==<T> fbgemm-gpu==<F> torchrec==<R> "
               "--index-url https://download.pytorch.org/whl/<cu1xx|cpu> (one row of the FBGEMM compatibility table).",)
    elif "cuda" in sym.lower() or "cublas" in sym.lower():
        cause = "CUDA runtime mismatch"
        text = f"{lib} needs CUDA symbol {sym}: the fbgemm-gpu CUDA variant does not match torch's CUDA."
        fix = ("Install the fbgemm-gpu wheel for torch.version.cuda from the same index URL as torch.",)
    else:
        cause = "undefined symbol"
        text = f"{lib} could not resolve {sym}: its build does not match the installed torch/CUDA libraries."
        fix = ("Reinstall torch, fbgemm-gpu and torchrec together from one index with matching versions.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
