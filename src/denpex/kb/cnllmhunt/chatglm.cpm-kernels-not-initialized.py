"""Computed diagnosis for chatglm.cpm-kernels-not-initialized: which library file cpm_kernels needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FILES = {
    "cudart": ("libcudart.so (Linux) / cudart64_*.dll (Windows)", "nvidia/cuda_runtime/lib"),
    "cublasLt": ("libcublasLt.so / cublasLt64_*.dll", "nvidia/cublas/lib"),
    "cublas": ("libcublas.so / cublas64_*.dll", "nvidia/cublas/lib"),
    "nvrtc": ("libnvrtc.so / nvrtc64_*.dll", "nvidia/cuda_nvrtc/lib"),
    "curand": ("libcurand.so / curand64_*.dll", "nvidia/curand/lib"),
    "cuda": ("libcuda.so (driver) / nvcuda.dll", ""),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = facts.get("library")
    if lib not in _FILES:
        return None
    files, wheel_dir = _FILES[lib]
    if lib == "cuda":
        text = ("cpm_kernels could not open the NVIDIA driver library (libcuda / nvcuda.dll): no NVIDIA driver or GPU is visible "
                "to this process, so the int4/int8 CUDA kernels cannot run.")
        fix = ("Run on a machine/container with the NVIDIA driver exposed (docker --gpus all), or load the model without quantize() "
               "on CPU (model.float()).",)
    else:
        text = (f"cpm_kernels opens {files} itself and did not find it (PyTorch's bundled copy is not on the search path), "
                "or found an incompatible copy first.")
        fix = (f"Install the CUDA toolkit/runtime and put the folder holding {files} on LD_LIBRARY_PATH / PATH before starting Python.",)
        if wheel_dir:
            fix += (f"With pip CUDA wheels: export LD_LIBRARY_PATH=$(python -c 'import site; print(site.getsitepackages()[0])')/{wheel_dir}:$LD_LIBRARY_PATH",)
    return Explanation(text=text, fix=fix, derived={"library_file": files})
