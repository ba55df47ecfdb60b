"""Computed diagnosis for torch.extension-cxx17-required: which -std flag to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    std = str(facts.get("std") or "")
    lib = str(facts.get("library") or "PyTorch")
    if not std:
        return None
    if std == "17":
        text = (f"The installed torch (2.1 or newer) needs C++17, but this translation unit was compiled with an older standard: "
                "the extension's build forces -std=c++14 (setup.py extra_compile_args / CMAKE_CXX_STANDARD 14) or the compiler is too old.")
        fix = ("Remove '-std=c++14' from extra_compile_args['cxx'] and ['nvcc'] in setup.py (or write '-std=c++17'); "
               "CMake: set(CMAKE_CXX_STANDARD 17) and set(CMAKE_CUDA_STANDARD 17).",
               "Use GCC >= 9 and CUDA >= 11.8; or pin torch < 2.1 if the code cannot be built as C++17.")
        what = "torch >= 2.1 requires C++17"
    else:
        text = (f"This torch needs C++{std} but the code is compiled as an older standard - typically a very old GCC (4.8 defaults to "
                "C++98) or an explicit -std=c++11.")
        fix = (f"Compile with -std=c++{std} and a GCC >= 7 (conda install -c conda-forge gxx_linux-64=9; export CXX=...).",)
        what = f"{lib} requires C++{std}"
    return Explanation(text=text, fix=fix, derived={"what": what})
