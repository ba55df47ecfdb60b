"""Computed diagnosis for build.cuda-home-not-set: which build asked for a CUDA toolkit, and how to provide one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("var") or "")
    option = str(facts.get("option") or "")
    home = str(facts.get("cuda_home") or "")
    legacy = facts.get("legacy")
    if not any((var, option, home, legacy)):
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    pkg = option.replace("--", "").replace("_ext", "") if option else ""
    if home:
        derived["what"] = f"no GPU visible while building with CUDA_HOME={home}"
        parts.append(
            f"torch found a CUDA toolkit at {home} but no usable GPU/driver (torch.cuda.is_available() is False). That is "
            "normal on build machines and in 'docker build' (no GPU is attached during image builds) and harmless for the "
            "compile itself; the build cannot detect the GPU architecture, though, so it compiles for a default list."
        )
        fix.append("Set TORCH_CUDA_ARCH_LIST for the GPUs you will run on (e.g. export TORCH_CUDA_ARCH_LIST=\"8.0;8.6;9.0\") when building without a GPU.")
        fix.append("If you expected a GPU here, check nvidia-smi and the container's GPU access (docker run --gpus all).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if var == "ROCM_HOME":
        derived["what"] = "no ROCm installation found (ROCM_HOME unset)"
        parts.append("torch.utils.cpp_extension is building a HIP extension but found no ROCm installation (ROCM_HOME/ROCM_PATH unset and hipcc not on PATH).")
        fix.append("Install ROCm (or use a rocm/dev-* or rocm/pytorch image) and export ROCM_HOME=/opt/rocm (PATH=$ROCM_HOME/bin:$PATH).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    who = f"{pkg}'s setup.py" if pkg else ("an old-style setup.py (locate_cuda)" if legacy else "torch.utils.cpp_extension")
    derived["what"] = f"{who} needs a CUDA toolkit (nvcc) and none was found"
    parts.append(
        f"{who} is compiling CUDA code and could not find a CUDA toolkit: CUDA_HOME/CUDA_PATH is unset, nvcc is not on PATH and "
        "/usr/local/cuda does not exist. A pip or conda install of torch contains only the CUDA runtime libraries; the compiler "
        "(nvcc) comes from a separate CUDA toolkit whose version should match torch.version.cuda."
    )
    if option:
        parts.append(f"'{option} was requested, but nvcc was not found' is the same finding, printed first by the package's own check.")
    fix.append("Install a CUDA toolkit matching torch.version.cuda - apt-get install cuda-toolkit-12-4, conda install -c nvidia cuda-toolkit=12.4 (or cuda-nvcc + cuda-cudart-dev), or build inside an nvidia/cuda:*-devel or pytorch/pytorch:*-devel image.")
    fix.append("Point the build at it: export CUDA_HOME=/usr/local/cuda-12.4 PATH=$CUDA_HOME/bin:$PATH (in conda: export CUDA_HOME=$CONDA_PREFIX), then rerun with pip install --no-build-isolation <package>.")
    fix.append("Or skip compiling: install a prebuilt wheel for your torch/CUDA/Python (flash-attn publishes them on its GitHub releases).")
    if pkg in ("flash_attn", "flash-attn"):
        fix.append("With a ROCm torch (torch.version.hip set), flash-attn must be built for ROCm (its ROCm/CK backend), not with CUDA.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
