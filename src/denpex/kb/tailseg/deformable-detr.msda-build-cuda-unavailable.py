"""Computed diagnosis for deformable-detr.msda-build-cuda-unavailable: toolkit present or not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if not facts.get("_signature"):
        return None
    cuda_home = str(facts.get("cuda_home") or "").strip()
    if cuda_home:
        diagnosis = "toolkit found, no usable GPU at build time"
        text = (f"A CUDA toolkit was found at {cuda_home}, but PyTorch could not use a GPU in the build process "
                "(no device, a failed driver, a docker build step, or a CPU-only PyTorch), so setup.py refused to build.")
        fix = ("Run the build where torch.cuda.is_available() is True (GPU job / docker run --gpus all), after nvidia-smi works.",
               f"Or build without a device: export CUDA_HOME={cuda_home} TORCH_CUDA_ARCH_LIST='7.0;8.0;8.6' and relax the "
               "torch.cuda.is_available() test in get_extensions (FORCE_CUDA=1 where supported).")
    else:
        diagnosis = "no GPU or toolkit seen by PyTorch"
        text = ("setup.py found no CUDA device for PyTorch (and possibly no CUDA toolkit): the ops can only be built with a CUDA "
                "PyTorch, a visible GPU and nvcc.")
        fix = ("python -c \"import torch; print(torch.version.cuda, torch.cuda.is_available())\" - install a CUDA build of PyTorch if the first is None.",
               "Install the CUDA toolkit matching torch.version.cuda (nvcc) and build on a GPU machine.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
