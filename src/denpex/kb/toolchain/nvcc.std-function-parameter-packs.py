"""Computed diagnosis for nvcc.std-function-parameter-packs: which CUDA/GCC pair and how to change it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _num(s: Any) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in str(s).split("."))
    except ValueError:
        return ()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gcc = str(facts.get("gcc_version") or "")
    if not gcc:
        return None
    header = str(facts.get("std_header") or "a standard header")
    cuda = str(facts.get("cuda_version") or "")
    nvcc = str(facts.get("nvcc_path") or "")
    distro = nvcc == "/usr/bin/nvcc"
    older_gcc = max(int(gcc) - 1, 1) if gcc.isdigit() else None
    who = f"CUDA {cuda}" if cuda else ("the distribution's CUDA (/usr/bin/nvcc)" if distro else "this CUDA toolkit")
    text = f"{who}'s nvcc front end cannot parse GCC {gcc}'s libstdc++ header {header}, so every .cu including it fails."
    if gcc == "11" and (not cuda or _num(cuda) <= (11, 5)):
        text += " This is the known CUDA <= 11.5 + GCC 11 incompatibility (Ubuntu 22.04's apt nvidia-cuda-toolkit is CUDA 11.5)."
        newer = "11.8 or 12.x"
    else:
        newer = "a release that supports GCC " + gcc
    fix = [f"Use a newer CUDA toolkit ({newer}, same major as torch.version.cuda): export CUDA_HOME=/usr/local/cuda-<ver> PATH=$CUDA_HOME/bin:$PATH."]
    if distro:
        fix.append("Remove or shadow the distro toolkit: sudo apt remove nvidia-cuda-toolkit (or put the new toolkit's bin first in PATH).")
    if older_gcc:
        fix.append(f"Or keep this CUDA and give nvcc GCC {older_gcc}: sudo apt install gcc-{older_gcc} g++-{older_gcc}; "
                   f"export CC=gcc-{older_gcc} CXX=g++-{older_gcc} CUDAHOSTCXX=g++-{older_gcc} NVCC_CCBIN=g++-{older_gcc} "
                   f"(plain nvcc: -ccbin g++-{older_gcc}; CMake: -DCMAKE_CUDA_HOST_COMPILER=g++-{older_gcc}).")
    return Explanation(text=text, fix=tuple(fix), derived={"distro_nvcc": distro})
