"""Computed diagnosis for tf.gpu-libraries-missing: which CUDA component and version the soname asks for."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# soname stem -> component name
_COMPONENTS = {
    "cudart": "CUDA runtime", "cublas": "cuBLAS", "cublaslt": "cuBLASLt", "cufft": "cuFFT", "curand": "cuRAND",
    "cusolver": "cuSOLVER", "cusparse": "cuSPARSE", "cudnn": "cuDNN", "nvinfer": "TensorRT", "nvinfer_plugin": "TensorRT",
    "cupti": "CUPTI (profiler)", "nccl": "NCCL", "nvjitlink": "nvJitLink", "cuda": "the NVIDIA driver (libcuda)",
}
# CUDA runtime soname -> TF releases built for it (tested build configurations)
_CUDART_TF = {
    "10.0": "TF 1.13-2.0 (CUDA 10.0, cuDNN 7.4)",
    "10.1": "TF 2.1-2.3 (CUDA 10.1, cuDNN 7.6)",
    "11.0": "TF 2.4-2.14 (CUDA 11.x: 2.4 = 11.0/cuDNN 8.0, 2.5-2.11 = 11.2/cuDNN 8.1, 2.12-2.14 = 11.8/cuDNN 8.6)",
    "12": "TF 2.15+ (CUDA 12.x: 2.15 = 12.2/cuDNN 8.9, 2.16-2.17 = 12.3/cuDNN 8.9, 2.18+ = 12.5/cuDNN 9.3)",
}
_SONAME = re.compile(r"^(?:lib)?(?P<stem>[a-z_]+?)(?:64)?(?:_(?P<win>\d+))?(?:\.so(?:\.(?P<ver>[\d.]+))?|\.dll)?$", re.I)


def _parse(lib: str) -> tuple[str, str]:
    """('cudart', '11.0') from libcudart.so.11.0; ('cudart', '11.0') from cudart64_110.dll."""
    m = _SONAME.match(lib.strip())
    if not m:
        return lib, ""
    stem, ver = m.group("stem").lower(), m.group("ver") or ""
    win = m.group("win")
    if win and not ver:
        ver = f"{win[:-1]}.{win[-1]}" if len(win) >= 3 else win
    return stem, ver


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "")
    err = str(facts.get("dlerror") or "")
    if not lib:
        return Explanation(
            text="TensorFlow saw a GPU but at least one CUDA library failed to load, so it registered no GPU device and runs everything on the CPU. The 'Could not load dynamic library' lines above name the missing files.",
            fix=("pip install 'tensorflow[and-cuda]' (TF >= 2.14, Linux) or install the CUDA/cuDNN versions from tf.sysconfig.get_build_info() and put their lib folder on LD_LIBRARY_PATH.",),
        )
    stem, ver = _parse(lib)
    comp = _COMPONENTS.get(stem, stem)
    derived: dict[str, Any] = {"component": comp}
    if ver:
        derived["wanted_version"] = ver
    parts = [f"TensorFlow asked the dynamic loader for {lib} ({comp}{' ' + ver if ver else ''}) and it was not found"]
    fix: list[str] = []
    dep = re.match(r"([^:\s]+\.(?:so[.\d]*|dll)): cannot open shared object file", err)
    if dep and dep.group(1) != lib:
        parts[-1] += f": the file itself may exist, but its dependency {dep.group(1)} is missing"
        fix.append(f"Install or expose {dep.group(1)} (ldd $(python -c 'import ctypes.util;print(ctypes.util.find_library(\"{stem}\"))') shows what is unresolved); mixed nvidia-* pip versions often cause this.")
    parts[-1] += "."
    if stem in ("nvinfer", "nvinfer_plugin"):
        parts.append("TensorRT is optional: only TF-TRT conversion needs it; this line alone does not disable the GPU.")
        derived["optional"] = True
        return Explanation(text=" ".join(parts), fix=("Ignore it unless you use TF-TRT; otherwise install the TensorRT version TF was built with.",), derived=derived)
    if stem == "cudart" and ver:
        key = "12" if ver.startswith("12") else ver
        tf = _CUDART_TF.get(key)
        if tf:
            derived["tensorflow_builds"] = tf
            parts.append(f"The soname {lib} is what {tf} load; any CUDA {ver.split('.')[0]}.x runtime provides it, a different major version does not.")
        if lib.lower().endswith(".dll"):
            pass  # the Windows advice below applies
        elif ver.startswith(("11", "12")):
            fix.append(f"Install the CUDA {ver.split('.')[0]} libraries for this TF: pip install 'tensorflow[and-cuda]==<installed TF version>' (TF >= 2.14) or conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1 (TF 2.5-2.11) and export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH.")
        else:
            fix.append(f"Install CUDA {ver} (and its cuDNN) next to any newer CUDA and add its lib64 folder to LD_LIBRARY_PATH, or upgrade TensorFlow to a build for the CUDA you have.")
    elif stem == "cudnn" and ver:
        parts.append(f"TF wants cuDNN major version {ver.split('.')[0]}; a cuDNN of another major version has a different soname and does not satisfy it.")
        fix.append(f"Install cuDNN {ver.split('.')[0]}.x for your CUDA (pip install nvidia-cudnn-cu11/cu12 or conda install cudnn) and make sure its lib folder is on LD_LIBRARY_PATH.")
    else:
        fix.append(f"Install {comp} {ver or ''} matching TF's CUDA version (tf.sysconfig.get_build_info()) and make its folder visible on LD_LIBRARY_PATH (Linux) or PATH (Windows).".replace("  ", " "))
    if lib.lower().endswith(".dll"):
        fix.append("Native Windows GPU support ended with TF 2.10: use TF 2.10 + CUDA 11.2/cuDNN 8.1 on PATH, or WSL2.")
    parts.append("Without it TF registers no GPU ('Skipping registering GPU devices') and silently runs on the CPU.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
