"""Computed diagnosis for build.cmake-error: the CMake configure error and the usual fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (regex on the reason text, explanation, fix)
_REASONS: tuple[tuple[str, str, str], ...] = (
    (r"Compatibility with CMake < 3\.5",
     "CMake 4.0 removed compatibility with projects that declare cmake_minimum_required(VERSION < 3.5); the package's CMakeLists.txt is older than that and the build picked up CMake 4 (pip's isolated build environment installs the newest cmake)",
     "Build with an older CMake (pip install 'cmake<4' and pip install --no-build-isolation <package>) or export CMAKE_POLICY_VERSION_MINIMUM=3.5 before pip install; upgrading the package to a release with a newer CMakeLists.txt is the lasting fix."),
    (r"No CMAKE_CUDA_COMPILER could be found|CMAKE_CUDA_COMPILER-NOTFOUND|Failed to find nvcc|Could NOT find CUDA(?:Toolkit)?\b|Couldn't find CUDA library root|No CUDA toolset found",
     "CMake could not find the CUDA compiler (nvcc) or toolkit: no CUDA toolkit is installed, or it is not on PATH / CUDACXX for this build",
     "Install a CUDA toolkit (matching torch.version.cuda when building against torch), then export CUDACXX=/usr/local/cuda/bin/nvcc PATH=/usr/local/cuda/bin:$PATH (or pass -DCMAKE_CUDA_COMPILER=...); on Windows install Visual Studio before the CUDA toolkit so its integration is registered."),
    (r"Failed to detect a default CUDA architecture",
     "CMake's CUDA compiler probe failed, usually because the nvcc it found cannot compile with the host compiler (unsupported gcc version) or no toolkit is complete",
     "Set -DCMAKE_CUDA_ARCHITECTURES=<e.g. 80;86;90> and make sure nvcc works with the host compiler (nvcc --version; CUDAHOSTCXX=g++-<supported>)."),
    (r"No CMAKE_(?:CXX|C)_COMPILER could be found|CMAKE_(?:CXX|C)_COMPILER not set",
     "no C/C++ compiler is installed (or visible) for CMake",
     "apt-get install build-essential (yum groupinstall 'Development Tools'; MSVC Build Tools on Windows), or set CC/CXX."),
    (r"is not able to compile a simple test program",
     "CMake found a C/C++ compiler but its sanity check (CMakeTestCCompiler / CMakeTestCXXCompiler: build a trivial program) failed, so the toolchain itself is broken or incomplete: a half-installed MSYS2/MinGW or Build Tools, a compiler without its linker or headers, the wrong compiler first on PATH, or antivirus blocking the compiler's temporary files",
     "Compile a hello.c by hand with the compiler CMake names (its own error is also in CMakeFiles/CMakeError.log or CMakeConfigureLog.yaml); reinstall the toolchain (MSYS2: pacman -S mingw-w64-x86_64-toolchain; MSVC: run from the 'x64 Native Tools Command Prompt') or point CC/CXX at a working compiler, then delete the build directory and configure again."),
    (r"unable to find a build program corresponding to \"Ninja\"|CMAKE_MAKE_PROGRAM is not set",
     "the generator's build tool (ninja or make) is missing",
     "pip install ninja (or apt-get install ninja-build / make)."),
    (r"Could NOT find Python3?\b|Could NOT find PythonLibs|Python3_INCLUDE_DIRS|PYTHON_INCLUDE_DIR",
     "the Python development headers (Python.h) or library are missing",
     "apt-get install python3-dev (or python3.X-dev for the exact version; conda Pythons include them)."),
    (r"provided by \"Torch\"|TorchConfig\.cmake",
     "CMake cannot find LibTorch's CMake package",
     "Pass -DCMAKE_PREFIX_PATH=$(python -c 'import torch; print(torch.utils.cmake_prefix_path)')."),
    (r"Could NOT find OpenMP",
     "OpenMP (libgomp/libomp) is missing for the compiler",
     "macOS: brew install libomp (and point CMake at it); Linux: install the compiler's OpenMP runtime (libgomp comes with gcc, libomp-dev for clang)."),
    (r"Could NOT find (?:BLAS|LAPACK)",
     "no BLAS/LAPACK library was found",
     "apt-get install libopenblas-dev liblapack-dev (or conda install openblas)."),
    (r"Could NOT find Protobuf|provided by \"Protobuf\"",
     "the protobuf compiler/headers are missing",
     "apt-get install protobuf-compiler libprotobuf-dev."),
    (r"Could NOT find (?P<pkg>[A-Za-z0-9_]+)|provided by \"(?P<pkg2>[^\"]+)\"",
     "a required library's development package was not found",
     "Install the development package named in the message (…-dev / …-devel, or via conda), or point CMake at it with -DCMAKE_PREFIX_PATH=<install prefix>."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "")
    file = str(facts.get("file") or "")
    line = facts.get("line")
    command = str(facts.get("cmake_command") or "")
    if not reason and re.search(r"CMakeTest(?:C|CXX)Compiler\.cmake$", file):
        # the compiler sanity check is the only thing these modules report (message on the same line when pasted flat)
        reason = "The C/C++ compiler is not able to compile a simple test program"
    if not any((reason, file)):
        if not facts.get("wrapper"):
            return None
        # only scikit-build's wrapper is in the log: CMake's own 'CMake Error' lines were cut off
        return Explanation(
            text=("scikit-build reports that CMake's configure step failed, but CMake's own 'CMake Error' lines are not in this log. "
                  "They are printed above the wrapper and name the cause: usually a missing C/C++ or CUDA compiler, a missing library, "
                  "or a CMake version the project does not accept."),
            fix=("Rerun with the full output: pip install -v --no-cache-dir <package> 2>&1 | tee build.log, then grep -n -A8 'CMake Error' build.log.",
                 "Check the toolchain the build needs: cmake --version, gcc --version / cl, and nvcc --version for CUDA builds (CMAKE_ARGS=-DGGML_CUDA=on etc.)."),
            derived={"where": "configure", "cause": "CMake's own error is not in this log"},
        )
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    where = f"{file}:{line}" + (f" ({command})" if command else "") if file else "configure"
    derived["where"] = where
    matched = None
    for rx, why, how in _REASONS:
        m = re.search(rx, reason)
        if m:
            matched = (why, how, m)
            break
    if matched:
        why, how, m = matched
        pkg = m.groupdict().get("pkg") or m.groupdict().get("pkg2")
        derived["cause"] = why.split(";")[0] if not pkg else f"{pkg} was not found"
        parts.append(f"CMake stopped while configuring ({where}): {reason.strip()} - {why}" + (f" ({pkg})" if pkg else "") + ".")
        fix.append(how)
    else:
        derived["cause"] = reason.strip() or "see the message lines under 'CMake Error'"
        parts.append(f"CMake stopped while configuring ({where})." + (f" Its message: {reason.strip()}." if reason else " The reason is in the indented lines right below the 'CMake Error' line."))
        fix.append("Read the indented message under 'CMake Error' and CMakeFiles/CMakeError.log (CMakeConfigureLog.yaml in CMake >= 3.26) in the build directory.")
    if command == "cmake_minimum_required" and "3.5" not in reason:
        fix.append("If the message is about the CMake version, install the cmake version the project asks for (pip install 'cmake==<version>').")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
