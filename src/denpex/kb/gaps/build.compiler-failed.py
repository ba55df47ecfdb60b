"""Computed diagnosis for build.compiler-failed: name the compiler and read the nearest compiler / linker error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (regex on the compiler / linker error, what it means, fix)
_CAUSES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"Python\.h"), "the Python development headers are missing",
     "Install the headers for this interpreter: sudo apt-get install python3-dev (python3.X-dev for your version; dnf install python3-devel), or build with a conda / pyenv / python.org Python."),
    (re.compile(r"Killed signal terminated program|internal compiler error: Killed"), "the compiler was killed, almost always for lack of RAM",
     "Compile with fewer parallel jobs (MAX_JOBS=1 for torch extensions, -j1) or give the machine / container more memory or swap."),
    (re.compile(r"(?:cuda_runtime(?:_api)?|cuda|cublas_v2|cudnn|cuda_fp16)\.h"), "the CUDA toolkit headers are not on the include path",
     "Install the CUDA toolkit (a -devel image in containers) and export CUDA_HOME=/usr/local/cuda so the build finds include/ and nvcc."),
    (re.compile(r"trying to exec 'cc1plus'|cc1plus: not found"), "the C++ compiler (g++) is not installed",
     "Install g++ (sudo apt-get install build-essential / g++)."),
    (re.compile(r"([\w./+-]+\.h(?:pp)?): No such file or directory|cannot open (?:source|include) file: '([\w./+-]+)'"), "a header is missing",
     "Install the development package that provides {header} (apt-get install lib<name>-dev), or pass its directory with CFLAGS=-I<dir>."),
    (re.compile(r"std=c\+\+1[47]|C\+\+1[47]|requires compiler and library support for the ISO C\+\+ 201[147]"), "the compiler is too old for the C++ standard this code uses",
     "Use a newer compiler (gcc >= 9, or set CC/CXX to one), or an older release of the package that supports your compiler."),
    (re.compile(r"unsupported GNU version|unsupported Microsoft Visual Studio version|unsupported clang version"), "nvcc does not support this host compiler version",
     "Install a host compiler in the range this CUDA supports and point nvcc at it (CC/CXX or -ccbin), or use a newer CUDA toolkit."),
)
_LIB = re.compile(r"cannot find -l(?P<lib>\S+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = str(facts.get("compiler") or "").strip()
    cmake = bool(facts.get("cmake_step"))
    if not cmd and not cmake:
        return None
    name = (re.split(r"[\\/]+", cmd.replace("\\\\", "\\"))[-1] or cmd) if cmd else "cmake --build"
    status = facts.get("exit_status")
    err = str(facts.get("compile_error") or "").strip()
    link = str(facts.get("link_error") or "").strip()
    derived: dict[str, Any] = {"compiler_name": name}
    fix: list[str] = []
    low = name.lower()
    ended = f"exited with status {status}" if status is not None else "failed"
    who = "pip / scikit-build compiled the package with CMake" if cmake and not cmd else "setuptools built an extension"
    kind = ("The CMake build step (scikit-build)" if cmake and not cmd else "nvcc (CUDA)" if "nvcc" in low else "MSVC (cl.exe)" if low.startswith("cl") and low.endswith(".exe") or low == "cl"
            else "the linker" if low in ("link.exe", "ld") else name)
    if link and (m := _LIB.search(link)):
        lib = m.group("lib")
        derived["cause"] = f"the linker cannot find library -l{lib}"
        text = (f"{kind} could not link the extension: 'cannot find -l{lib}'. The library (lib{lib}.so / lib{lib}.a) is not installed "
                "or not on the linker search path.")
        fix.append(f"Install lib{lib} (its -dev package) or add its directory: LDFLAGS=-L<dir> / LIBRARY_PATH=<dir>; for -lcuda use the driver's libcuda or the toolkit stub in $CUDA_HOME/lib64/stubs.")
        fix.append("Then rerun the build.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if link:
        derived["cause"] = f"link error: {link[:160]}"
        text = f"{kind} failed at link time: {link[:300]}. A symbol is missing: a library not linked, or objects built against other versions (torch / CUDA / Python ABI)."
        fix.append("Check which library defines the missing symbol and that it is linked and built against the same torch / CUDA / Python version.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if err:
        for rx, what, how in _CAUSES:
            if m := rx.search(err):
                header = next((g for g in m.groups() if g), "") if m.groups() else ""
                derived["cause"] = what + (f" ({header})" if header else "")
                text = f"{kind} {ended}: '{err[:200]}' - {what}."
                fix.append(how.format(header=header or "the header"))
                fix.append("Rerun the build after the fix; if other errors remain, fix the first one first.")
                return Explanation(text=text, fix=tuple(fix), derived=derived)
        derived["cause"] = f"compiler error: {err[:160]}"
        text = (f"{kind} {ended}. The nearest compiler error above it: '{err[:300]}'. "
                "If several errors were printed, the first one is the cause; the rest usually follow from it.")
        fix.append("Fix the first compiler error; if it is in the package's own code, your compiler / Python / numpy / torch version is probably newer or older than the release supports: use a release with wheels for your setup.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["cause"] = "the compiler's error is not in this log"
    text = (f"{kind} {ended} while {who}, but its error message is not in this log: "
            "it is printed above this line (scroll up, or it was cut from the paste).")
    fix.append("Rerun the build with the full output kept: pip install -v --no-cache-dir <package> 2>&1 | tee build.log (or python setup.py build_ext 2>&1 | tee build.log), then read the first 'error:' in it.")
    tool = "gcc / g++ / cmake" if cmake and not cmd else name
    fix.append(f"Check the toolchain: the compiler exists and runs ({tool} --version), and the Python headers are installed (python3-config --includes).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
