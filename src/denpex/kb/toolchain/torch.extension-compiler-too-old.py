"""Computed diagnosis for torch.extension-compiler-too-old: the minimum compiler and how to select one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = str(facts.get("compiler") or "")
    try:
        need = int(facts.get("min_version"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if not comp:
        return None
    project = str(facts.get("project") or "PyTorch")
    if comp == "GCC":
        pick = max(need, 11)
        era = "torch 2.2.2 / 2.3 and later" if need >= 9 else ("torch 1.x - 2.2" if need == 5 else project)
        text = (f"The {project} headers ({era}) require GCC {need} or later, but the compiler building this extension is older. "
                "The compiler that counts is the one invoked (CXX / c++ on PATH, and nvcc's host compiler for .cu files).")
        fix = (f"Install GCC {pick}: apt install gcc-{pick} g++-{pick} (RHEL/CentOS: devtoolset-{pick} / gcc-toolset; conda: gxx_linux-64={pick}).",
               f"Select it for every step: export CC=gcc-{pick} CXX=g++-{pick} CUDAHOSTCXX=g++-{pick} NVCC_CCBIN=g++-{pick}; rm -rf build; rebuild.")
    else:
        text = f"The {project} headers require Clang {need} or later; the clang compiling this extension is older."
        fix = (f"Use clang {need}+ or GCC (CC=gcc CXX=g++), and rebuild from clean.",)
    return Explanation(text=text, fix=fix, derived={"required": f"{comp} {need}+"})
