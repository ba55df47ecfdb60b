"""Computed diagnosis for build.unsupported-host-compiler: which compiler to install and how to select it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _select(cxx: str, cc: str) -> str:
    return (f"export CC={cc} CXX={cxx} (torch cpp_extension / setup.py builds), CUDAHOSTCXX={cxx} or "
            f"-DCMAKE_CUDA_HOST_COMPILER=$(which {cxx}) (CMake), NVCC_CCBIN={cxx} (any nvcc call)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    max_gcc, max_clang = facts.get("max_gcc"), facts.get("max_clang")
    compiler, cver = str(facts.get("compiler") or ""), str(facts.get("compiler_version") or "")
    cuda, bounds, direction = str(facts.get("cuda") or ""), str(facts.get("bounds") or ""), str(facts.get("direction") or "")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    cuda_txt = f"CUDA {cuda}" if cuda else "this CUDA toolkit"
    if isinstance(max_gcc, int):
        derived["what"] = f"gcc newer than {max_gcc} with {cuda_txt}"
        parts.append(f"{cuda_txt[0].upper() + cuda_txt[1:]}'s nvcc accepts gcc up to version {max_gcc}; the gcc/g++ used for host code is newer, so crt/host_config.h stops every .cu compile.")
        fix.append(f"Install gcc/g++ {max_gcc} side by side (apt install gcc-{max_gcc} g++-{max_gcc}, or conda install -c conda-forge gcc_linux-64={max_gcc} gxx_linux-64={max_gcc}) and select it: {_select(f'g++-{max_gcc}', f'gcc-{max_gcc}')}.")
        fix.append("Or use a newer CUDA toolkit whose supported range includes your gcc (same major as torch.version.cuda) and point CUDA_HOME at it.")
    elif isinstance(max_clang, int):
        derived["what"] = f"clang {max_clang} or newer with {cuda_txt}"
        parts.append(f"nvcc accepts clang versions below {max_clang} as host compiler; the clang in use is newer.")
        fix.append(f"Install clang {max_clang - 1} (or use gcc) and select it: {_select(f'clang++-{max_clang - 1}', f'clang-{max_clang - 1}')}; or upgrade the CUDA toolkit.")
    elif compiler and cver:
        too_new = direction.startswith("greater")
        m = re.search(r"<=?([0-9]+)", bounds)
        top = int(m.group(1)) if m else None
        if bounds.count("<") and "<=" not in bounds and top:
            top -= 1  # '<13.0' means up to 12
        derived["what"] = f"{compiler} {cver} is {'newer' if too_new else 'older'} than CUDA {cuda} allows{f' ({bounds})' if bounds else ''}"
        parts.append(f"torch's cpp_extension checked the host compiler before calling nvcc: {compiler} {cver} is {'newer' if too_new else 'older'} than CUDA {cuda} supports{f' (allowed: {bounds})' if bounds else ''}.")
        if "conda" in compiler:
            parts.append("The compiler comes from the conda environment (gxx_linux-64), which set CC/CXX on activation.")
        if too_new and top:
            fix.append(f"Install g++ {top} (apt install g++-{top}, or conda install -c conda-forge gxx_linux-64={top} gcc_linux-64={top}) and select it: {_select(f'g++-{top}', f'gcc-{top}')}.")
        elif too_new:
            fix.append(f"Install an older g++ within the allowed range and select it with CC/CXX.")
        else:
            fix.append(f"Install a newer g++ within the allowed range{f' ({bounds})' if bounds else ''} and select it with CC/CXX.")
        fix.append(f"Or build with a CUDA toolkit whose range includes {compiler} {cver} (same major as torch.version.cuda).")
    elif bounds:
        derived["what"] = f"Visual Studio outside {bounds}"
        parts.append(f"This CUDA toolkit supports Visual Studio {'between ' + bounds if ' and ' in bounds and ',' not in bounds else bounds} as host compiler; the MSVC in use (cl.exe from the active Developer prompt) is outside that range - typically a newer Visual Studio 2022 update with an older CUDA 12.x.")
        fix.append("Install a newer CUDA toolkit that supports your Visual Studio, or install the supported MSVC toolset (Visual Studio Installer: an older 'MSVC v14.x' component) and build from its Developer prompt.")
        fix.append("Last resort: pass -allow-unsupported-compiler to nvcc (NVCC_APPEND_FLAGS).")
    else:
        return None
    fix.append("Last resort: NVCC_APPEND_FLAGS='-allow-unsupported-compiler' skips the check; the build may still fail or miscompile.") if (max_gcc or max_clang) else None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
