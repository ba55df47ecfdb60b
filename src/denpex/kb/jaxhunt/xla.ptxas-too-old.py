"""Computed diagnosis for xla.ptxas-too-old: which ptxas is too old for what."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# PTX ISA version -> CUDA toolkit that introduced it (public PTX ISA release notes).
_PTX_TO_CUDA = {"7.8": "11.8", "8.0": "12.0", "8.1": "12.1", "8.2": "12.2", "8.3": "12.3",
                "8.4": "12.4", "8.5": "12.5", "8.7": "12.8", "8.8": "12.9", "9.0": "13.0"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = facts.get("ptxas_path")
    if sig == "unsupported-ptx-version":
        want, have = facts.get("ptx_version"), facts.get("ptxas_ptx_version")
        if not want or not have:
            return None
        need = _PTX_TO_CUDA.get(str(want))
        have_cuda = _PTX_TO_CUDA.get(str(have))
        text = (f"The PTX was generated for ISA {want}{f' (CUDA {need})' if need else ''}, but the ptxas that ran "
                f"only understands up to {have}{f' (CUDA {have_cuda})' if have_cuda else ''}: an older CUDA toolkit's "
                "ptxas is being used.")
        fix = ("which -a ptxas  # remove the older toolkit's bin from PATH (or unload the cuda module)",
               f"or install a ptxas from CUDA {need or 'a newer release'}: pip install -U 'jax[cuda12]' / nvidia-cuda-nvcc-cu12")
        return Explanation(text=text, fix=fix, derived={"detail": f"PTX {want} > ptxas {have}"})
    if sig == "too-old-error":
        who = path or "ptxas"
        text = (f"XLA gave up compiling with {who}: it does not know this GPU's architecture and the driver fallback "
                "failed as well.")
        if path and (path.startswith("/usr/local/cuda") or path.startswith("/opt") or path == "ptxas"):
            text += f" {path} comes from PATH/system CUDA, not from the jax pip wheels."
        fix = ("Drop the old CUDA bin directory from PATH so the wheel's ptxas is used, or pip install -U 'jax[cuda12]',",
               "or export XLA_FLAGS=--xla_gpu_cuda_data_dir=<newer CUDA root>.")
        return Explanation(text=text, fix=fix, derived={"detail": f"{who} too old"})
    if sig == "cc-not-supported":
        cc = facts.get("cc")
        text = (f"The ptxas found does not support compute capability {cc}; XLA used the driver's PTX JIT instead "
                "(works, slower first compile). Upgrade ptxas to silence it.")
        return Explanation(text=text, fix=("pip install -U nvidia-cuda-nvcc-cu12 or remove an older CUDA from PATH.",),
                           derived={"detail": f"CC {cc} unknown to ptxas"})
    if sig == "old-ptxas-warning":
        v = facts.get("ptxas_version")
        return Explanation(text=f"ptxas {v} is older than XLA's minimum; results may be miscompiled.",
                           fix=("Use a ptxas from CUDA 11.1 or newer (update the toolkit or PATH).",),
                           derived={"detail": f"ptxas {v}"})
    if sig == "fallback-warning":
        return Explanation(text=f"{path or 'ptxas'} declined this GPU; the driver compiled the PTX instead (benign if no error follows).",
                           fix=("Optional: upgrade ptxas (pip install -U 'jax[cuda12]') or remove the old CUDA from PATH.",),
                           derived={"detail": "driver fallback"})
    return None
