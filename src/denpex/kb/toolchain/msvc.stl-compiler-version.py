"""Computed diagnosis for msvc.stl-compiler-version: which compiler is too old for which MSVC toolset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(s: str) -> tuple[int, ...]:
    out = []
    for p in s.split(" ")[0].split("."):
        if p.isdigit():
            out.append(int(p))
    return tuple(out)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = str(facts.get("expected_compiler") or "")
    want = str(facts.get("expected_version") or "")
    if not comp or not want:
        return None
    toolset = str(facts.get("msvc_toolset") or "")
    cuda = str(facts.get("cuda_version") or "")
    ts = f"MSVC toolset {toolset}" if toolset else "this MSVC toolset"
    derived: dict[str, Any] = {}
    if comp == "CUDA":
        have = f" (nvcc is CUDA {cuda})" if cuda else ""
        text = f"The standard library headers of {ts} require nvcc from CUDA {want} or newer{have}; the installed CUDA toolkit is older."
        older = "14.39" if toolset.startswith("14.4") or _ver(want) >= (12, 4) else "14.29"
        fix = (f"Install CUDA {want} or newer (same major version as torch.version.cuda) and rebuild from a fresh x64 Native Tools prompt.",
               f"Or keep CUDA{f' {cuda}' if cuda else ''}: install the MSVC v{older} build tools component and run "
               f"\"vcvars64.bat\" -vcvars_ver={older} before building, so an older STL is used.")
        if cuda and _ver(cuda) and _ver(cuda) < _ver(want):
            derived["cuda_too_old_by"] = f"{cuda} < {want}"
    elif comp == "MSVC":
        text = (f"The headers of {ts} require cl.exe {want} or newer, but an older cl.exe is compiling them: the include path and the "
                "compiler come from different Visual Studio toolsets.")
        fix = ("Build from a clean shell after running the matching vcvars64.bat so INCLUDE, LIB and cl.exe belong to one toolset; "
               "check nvcc -ccbin / CMAKE_CXX_COMPILER if set.",)
    else:
        text = f"The headers of {ts} require Clang {want} or newer; the clang / clang-cl in use is older."
        fix = (f"Upgrade LLVM to {want}+ (or select an older MSVC toolset with vcvars64.bat -vcvars_ver=...).",)
    return Explanation(text=text, fix=fix, derived=derived)
