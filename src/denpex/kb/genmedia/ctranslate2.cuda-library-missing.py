"""Computed diagnosis for ctranslate2.cuda-library-missing: which CUDA/cuDNN generation is wanted and how to provide it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIP_PATH_LINUX = ("export LD_LIBRARY_PATH=$(python3 -c 'import os, nvidia.cublas.lib, nvidia.cudnn.lib; "
                   "print(os.path.dirname(nvidia.cublas.lib.__file__) + \":\" + os.path.dirname(nvidia.cudnn.lib.__file__))'):$LD_LIBRARY_PATH")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "")
    if not lib:
        return None
    low = lib.lower()
    windows = low.endswith(".dll")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    parts: list[str] = []
    m = re.search(r"(?:64_|\.so\.)([0-9]+)", low)
    major = m.group(1) if m else None

    if "cudnn" in low:
        gen = major or "?"
        derived["needs"] = f"cuDNN {gen}"
        parts.append(f"cuDNN {gen} ({lib}) is not on the library search path.")
        if gen == "8":
            parts.append("cuDNN 8 is what CTranslate2 <= 4.4 (and 3.x) uses; CTranslate2 >= 4.5 wants cuDNN 9 instead.")
            derived["fix_short"] = "install cuDNN 8 for CUDA 11/12 or upgrade to ctranslate2>=4.5 with cuDNN 9"
            fix.append("Either provide cuDNN 8 (pip install 'nvidia-cudnn-cu12==8.*' or the NVIDIA cuDNN 8 zip) and put its bin/lib folder on the path, or upgrade: pip install -U 'ctranslate2>=4.5' nvidia-cudnn-cu12==9.*.")
        else:
            derived["fix_short"] = "install cuDNN 9 (pip install nvidia-cudnn-cu12) and add it to the library path"
            fix.append("pip install nvidia-cudnn-cu12==9.* (CTranslate2 >= 4.5) and add its folder to the library path, or pin ctranslate2==4.4.0 if you only have cuDNN 8.")
        if facts.get("error_code") is not None and int(facts["error_code"]) == 126:
            parts.append("Windows error 126 = the DLL or one of its dependencies (cublasLt64_NN.dll, zlibwapi.dll for cuDNN 8) was not found.")
    elif "nccl" in low or "mpi" in low:
        derived["needs"] = "NCCL / MPI for tensor parallelism"
        derived["fix_short"] = "install NCCL (pip install nvidia-nccl-cu12) or run without tensor_parallel"
        parts.append(f"{lib} is only needed for CTranslate2 tensor parallelism (tensor_parallel=True / mpirun).")
        fix.append("pip install nvidia-nccl-cu12 (and Open MPI for multi-process runs), or load the model without tensor_parallel=True.")
    else:
        cuda = major or "?"
        derived["needs"] = f"cuBLAS from CUDA {cuda}"
        ct = {"12": "ctranslate2 4.x", "11": "ctranslate2 3.x"}.get(cuda, "this ctranslate2 build")
        parts.append(f"{ct} loads the CUDA {cuda} cuBLAS ({lib}) by name at the first GPU call and the loader cannot find it; "
                     "torch's private copy inside its wheel does not count.")
        if cuda == "12":
            derived["fix_short"] = ("install CUDA 12 cuBLAS + cuDNN 9 and put them on PATH" if windows
                                    else "pip install nvidia-cublas-cu12 nvidia-cudnn-cu12 and add them to LD_LIBRARY_PATH")
        elif cuda == "11":
            derived["fix_short"] = "upgrade to ctranslate2 4.x (CUDA 12) or install the CUDA 11 cuBLAS"
            parts.append("CUDA 11 libraries are usually gone after an upgrade to a CUDA 12 image (Colab, new driver/toolkit).")
            fix.append("Preferred: pip install -U faster-whisper 'ctranslate2>=4' (CUDA 12) plus the CUDA 12 cuBLAS/cuDNN below; or keep ctranslate2 3.x and install CUDA 11 cuBLAS (apt-get install libcublas11 / pip install nvidia-cublas-cu11).")
        else:
            derived["fix_short"] = f"install the CUDA {cuda} cuBLAS on the library path"
        if windows:
            fix.append(f"Windows: install the CUDA {cuda} toolkit (or pip install nvidia-cublas-cu{cuda} nvidia-cudnn-cu{cuda}) and put the folder holding {lib} on PATH "
                       "(site-packages\\nvidia\\cublas\\bin; in Python call os.add_dll_directory(...) before importing faster_whisper). Check with: where " + lib)
        else:
            fix.append(f"Linux: pip install nvidia-cublas-cu{cuda} nvidia-cudnn-cu{cuda} and {_PIP_PATH_LINUX}" if cuda == "12"
                       else f"Linux: install the CUDA {cuda} cuBLAS and make sure ldconfig -p | grep {lib} finds it.")
        if cuda == "12":
            fix.append("If you must stay on CUDA 11: pip install ctranslate2==3.24.0 (CUDA 11 + cuDNN 8).")
    if facts.get("symbol"):
        parts.append(f"The library was found but lacks {facts['symbol']}: an older release of it comes first on the path; remove or reorder it.")
    fix.append("Stop-gap: run on CPU (device='cpu', compute_type='int8').")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
