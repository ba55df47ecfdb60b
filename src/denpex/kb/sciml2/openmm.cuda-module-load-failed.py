"""Computed diagnosis for openmm.cuda-module-load-failed: CUDA error mapped to toolkit/driver advice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("cuda_error") or "")
    if not err:
        return None
    if err == "CUDA_ERROR_UNSUPPORTED_PTX_VERSION":
        text = ("OpenMM compiled its kernels with a CUDA toolkit (conda cudatoolkit / cuda-nvrtc) newer than the NVIDIA "
                "driver supports, so the driver cannot JIT the PTX.")
        fix = ("nvidia-smi  # note 'CUDA Version: X.Y'",
               "conda install -c conda-forge openmm cuda-version=X.Y  (OpenMM < 8.1: cudatoolkit=X.Y)",
               "or upgrade the NVIDIA driver")
        cause = "toolkit newer than driver"
    elif err in ("CUDA_ERROR_NO_BINARY_FOR_GPU", "CUDA_ERROR_INVALID_PTX", "CUDA_ERROR_INVALID_IMAGE"):
        text = (f"{err}: the compiled kernels do not fit this GPU (toolkit too old for the GPU architecture, or "
                "OPENMM_CUDA_COMPILER pointing at a mismatched nvcc).")
        fix = ("unset OPENMM_CUDA_COMPILER", "install an OpenMM CUDA build recent enough for this GPU architecture",
               "python -m openmm.testInstallation")
        cause = "kernel/GPU architecture mismatch"
    else:
        text = f"The driver refused OpenMM's compiled CUDA module with {err}."
        fix = ("python -m openmm.testInstallation", "compare nvidia-smi's CUDA version with conda list | grep cuda")
        cause = err
    return Explanation(text=text, fix=fix, derived={"cause": cause})
