"""Computed diagnosis for msvc.cannot-open-input-file: what the missing file's name says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNIX = {"m", "pthread", "dl", "rt", "stdc++", "c", "gomp"}
_SDK = {"kernel32", "user32", "gdi32", "advapi32", "ucrt", "ucrtd", "uuid", "ole32", "oleaut32", "shell32", "ws2_32", "msvcrt", "msvcprt", "libcmt", "libucrt", "oldnames"}
_CUDA = re.compile(r"^(?:cudart|cudart_static|cuda|cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc|cudnn|nvToolsExt64_1|nvToolsExt)$", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("file") or "").strip()
    if not path:
        return None
    code = str(facts.get("code") or "LNK1181")
    base = re.split(r"[\\/]", path)[-1]
    stem, _, ext = base.rpartition(".")
    stem_l, ext_l = stem.lower(), ext.lower()
    if ext_l == "lib" and stem_l in _UNIX:
        kind = "unix-library"
        text = f"{base} does not exist on Windows: the build asks for the Unix library lib{stem}, which is part of the C runtime (or absent) with MSVC."
        fix = (f"Drop '{stem}' from the Windows link: libraries=['{stem}'] if sys.platform != 'win32' else [] in setup.py (or the CMake equivalent).",)
    elif ext_l == "lib" and stem_l in ("c10_cuda", "torch_cuda", "torch_cuda_cu", "torch_cuda_cpp", "caffe2_nvrtc"):
        kind = "cpu-only-torch"
        text = f"{base} is part of CUDA builds of torch; its absence means the installed torch is CPU-only."
        fix = ("Install a CUDA build of torch matching your toolkit, e.g. pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu121; check python -c \"import torch; print(torch.version.cuda)\".",)
    elif ext_l == "lib" and re.match(r"python\d*_d$", stem_l):
        kind = "python-debug-lib"
        text = f"{base} is the debug Python library: the build runs in the Debug configuration (_DEBUG defined)."
        fix = ("Build Release (cmake --build . --config Release / MSBuild /p:Configuration=Release), or install Python's debug binaries.",)
    elif ext_l == "lib" and re.match(r"python\d*$", stem_l):
        kind = "python-lib"
        text = f"{base} was not found: the Python used has no libs\\{base} on the library path (embedded/Store Python, or another interpreter than the one building)."
        fix = ("Build with a full python.org or conda Python (it ships libs\\python3X.lib) and run the build with that interpreter (python -m pip install ...).",)
    elif ext_l == "lib" and stem_l in _SDK:
        kind = "windows-sdk"
        text = f"{base} comes from the Windows SDK / MSVC runtime: the SDK is not installed or the build shell has no LIB paths (not a Developer prompt)."
        fix = ("Install the Windows 10/11 SDK with the 'Desktop development with C++' workload and build from the x64 Native Tools Command Prompt (or run vcvars64.bat first).",)
    elif ext_l == "lib" and _CUDA.match(stem):
        kind = "cuda-lib"
        text = f"{base} is a CUDA toolkit library: %CUDA_PATH%\\lib\\x64 is not on the link's /LIBPATH."
        fix = ("Install the CUDA toolkit matching torch.version.cuda, set CUDA_PATH / CUDA_HOME to it, and rebuild from a fresh shell.",)
    elif ext_l == "obj":
        kind = "missing-object"
        text = f"{base} was never written: its compile step failed or wrote elsewhere, so the link has nothing to read."
        fix = ("Scroll up to the compile error for that source and fix it first.",
               "Build from a short path without spaces; for torch cpp_extension builds try cmdclass={'build_ext': BuildExtension.with_options(use_ninja=False)}.")
    elif ext_l in ("pyd", "dll", "exe"):
        kind = "locked-output"
        text = f"{base} could not be opened for writing ({code}): a running process (Python, a Jupyter kernel, an IDE, antivirus) probably holds it."
        fix = ("Close the processes using it (or reboot), delete the old file, and rebuild.",)
    else:
        kind = "library-not-found"
        text = f"{base} is not in any /LIBPATH directory or the LIB variable."
        fix = (f"Build or install the library providing {base} and add its folder with /LIBPATH (setuptools library_dirs, CMake target_link_directories).",)
    return Explanation(text=text, fix=fix, derived={"file_kind": kind})
