"""Computed diagnosis for cmake.cuda-architectures-invalid: which check failed and what to pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    if not problem:
        return None
    cm = str(facts.get("cmake_version") or "")
    try:
        old_cmake = tuple(int(p) for p in cm.split(".")) < (3, 24) if cm else False
    except ValueError:
        old_cmake = False
    if problem == "non-empty":
        text = "CMAKE_CUDA_ARCHITECTURES (or CUDAARCHS) is set but empty - usually a GPU-detection step that found no GPU, or an empty variable passed with -D."
        fix = ["Pass a real list: cmake -DCMAKE_CUDA_ARCHITECTURES=86 .. (or export CUDAARCHS=86), using your GPU's compute capability without the dot; delete CMakeCache.txt first."]
    elif problem == "valid":
        text = "nvcc rejected the architectures in CMAKE_CUDA_ARCHITECTURES while CMake tested the CUDA compiler."
        fix = ["Use values from nvcc --list-gpu-arch of this toolkit (e.g. 75;80;86); newer GPUs need a newer CUDA (sm_90: 11.8+, sm_120: 12.8+)."]
        if old_cmake:
            fix.append(f"CMake {cm} does not know 'native' (3.24+) - list numbers or upgrade CMake (pip install -U cmake).")
    else:
        tgt = facts.get("target")
        text = f"Target {tgt or '?'} has no CUDA architectures: CMAKE_CUDA_ARCHITECTURES was not determined (often the CUDA compiler was not detected)."
        fix = ["Make CMake find nvcc (-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc; on Windows install the CUDA Visual Studio integration), then set -DCMAKE_CUDA_ARCHITECTURES=<list>."]
    if cm:
        text += f" (CMake {cm})"
    return Explanation(text=text, fix=tuple(fix), derived={})
