"""Computed diagnosis for build.nvcc-msvc-not-found: which part of the MSVC setup nvcc is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VCVARS = r'call "C:\Program Files (x86)\Microsoft Visual Studio\2022\BuildTools\VC\Auxiliary\Build\vcvars64.bat"'


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    vcvars = str(facts.get("vcvars") or "")
    if sig == "cl-not-in-path":
        text = "nvcc found no cl.exe: the build runs outside a Visual Studio x64 developer environment (or the C++ workload is not installed)."
        fix = ("Open 'x64 Native Tools Command Prompt for VS 2022' (or run " + _VCVARS + ") and rerun the build in that shell.",
               "If no such prompt exists, install VS Build Tools with 'Desktop development with C++'.")
        return Explanation(text=text, fix=fix, derived={"problem": "cl.exe not on PATH"})
    if sig == "host-targets-unsupported-os":
        text = ("nvcc rejected its host compiler: on Windows this is an x86 (32-bit) cl.exe from a non-x64 developer prompt, or a "
                "non-MSVC compiler (MinGW g++) passed with -ccbin; on Linux it follows a crashed host compiler.")
        fix = ("Use the x64 environment: 'x64 Native Tools Command Prompt', vcvars64.bat, or Enter-VsDevShell -Arch amd64 -HostArch amd64; "
               "where cl must print ...\\Hostx64\\x64\\cl.exe.",
               "Do not pass MinGW/clang as -ccbin or CMAKE_CUDA_HOST_COMPILER on Windows.")
        return Explanation(text=text, fix=fix, derived={"problem": "host compiler not an x64 MSVC"})
    if sig == "vcvars-setup-failed":
        where = f" ({vcvars})" if vcvars else ""
        text = f"nvcc ran the Visual Studio environment script itself{where} and it failed."
        fix = ("Run vcvars64.bat once yourself in a clean cmd (no Git Bash/conda PATH entries, no quotes in PATH), then build in that shell.",
               "If the path nvcc tried does not exist (Build Tools in another folder), pass -ccbin with the real Hostx64\\x64 directory "
               "or add --use-local-env to the nvcc flags after running vcvars64.bat.")
        return Explanation(text=text, fix=fix, derived={"problem": "vcvars64.bat failed inside nvcc"})
    return None
