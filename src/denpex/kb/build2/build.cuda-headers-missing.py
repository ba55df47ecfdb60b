"""Computed diagnosis for build.cuda-headers-missing: which toolkit part is missing and how to point the build at it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PKG = {
    "cusparse": "libcusparse-dev / cuda-libraries-dev (conda: libcusparse-dev)",
    "cublas": "libcublas-dev (conda: libcublas-dev)",
    "cusolver": "libcusolver-dev (conda: libcusolver-dev)",
    "curand": "libcurand-dev (conda: libcurand-dev)",
    "cufft": "libcufft-dev (conda: libcufft-dev)",
    "nvrtc": "cuda-nvrtc-dev (conda: cuda-nvrtc-dev)",
    "cudnn": "cuDNN development package (libcudnn9-dev / nvidia::cudnn)",
    "nccl": "libnccl-dev",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    header = str(facts.get("header") or "")
    if not header:
        return None
    src = str(facts.get("source_file") or "")
    base = header.split("/")[-1].split("\\")[-1]
    lib = next((v for k, v in _PKG.items() if base.startswith(k)), None)
    msvc = facts.get("_signature") == "msvc-c1083"
    via_torch = "torch/include" in src or "torch\\include" in src
    if lib:
        what = f"{base} belongs to a CUDA library dev package not installed"
        text = (f"The compiler could not open {base}: the CUDA toolkit found has no {base.split('.')[0]} development headers "
                f"(they ship in {lib}).")
        fix = (f"Install {lib} for the CUDA version torch uses (python -c 'import torch; print(torch.version.cuda)'), "
               "or a full toolkit (conda install -c nvidia cuda-toolkit=<that version>), and set CUDA_HOME to it.",)
    else:
        what = "no CUDA toolkit include directory on the compile path"
        text = (f"The compiler could not open {base}{f' (included from {src})' if src else ''}: the build has no CUDA toolkit include "
                "directory - no toolkit with headers installed, or CUDA_HOME/CUDA_PATH not pointing to it.")
        if via_torch:
            text += " The include comes from torch's own CUDA headers, so cpp_extension needed CUDA_HOME to add $CUDA_HOME/include."
        if msvc:
            fix = ("Install the CUDA toolkit for Windows (same major as torch.version.cuda), check CUDA_PATH (echo %CUDA_PATH%), "
                   "and build from an x64 Native Tools Command Prompt.",)
        else:
            fix = ("Install the toolkit headers: apt install cuda-toolkit-12-x (NVIDIA repo) or conda install -c nvidia cuda-toolkit=12.x "
                   "(matching torch.version.cuda); a -devel Docker image has them.",
                   "export CUDA_HOME=/usr/local/cuda-12.x (conda: export CUDA_HOME=$CONDA_PREFIX) and PATH=$CUDA_HOME/bin:$PATH, then rebuild (pip install --no-build-isolation .).")
    return Explanation(text=text, fix=fix, derived={"what": what})
