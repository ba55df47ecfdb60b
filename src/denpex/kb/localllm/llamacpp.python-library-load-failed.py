"""Computed diagnosis for llamacpp.python-library-load-failed: classify the loader's reason."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "")
    reason = str(facts.get("reason") or "")
    base = facts.get("base_name")
    derived: dict[str, Any] = {}
    if base and not lib:
        derived["cause"] = "no library file"
        pkg = {"llama": "llama-cpp-python", "whisper": "whisper-cpp-python", "stable-diffusion": "stable-diffusion-cpp-python"}.get(
            str(base), f"the '{base}' binding")
        return Explanation(
            text=(f"No lib{base}.so / {base}.dll / lib{base}.dylib exists in the package folder of {pkg}: the build did not produce "
                  "it, a source checkout without a build is being imported, or a bundler left it out."),
            fix=(f"Reinstall {pkg} with --force-reinstall --no-cache-dir --verbose and read the build log (or use a prebuilt wheel "
                 "index for your CUDA / CPU).",
                 "Run Python from outside any cloned source folder; check the module path printed in the traceback is site-packages.",
                 "PyInstaller / frozen apps: add the package's lib/ folder as binaries."),
            derived=derived)
    if not lib:
        return None
    derived["library"] = lib
    parts = [f"The file {lib} exists but the OS loader refused it."]
    fix: list[str] = []
    m = re.search(r"(lib[\w.+-]+\.so(?:\.[\d.]+)?|[\w.+-]+\.dll|[\w.+-]+\.dylib): cannot open shared object file", reason)
    if m:
        dep = m.group(1)
        derived["missing_dependency"] = dep
        if re.match(r"lib(?:cudart|cublas|cublasLt|cuda|nvrtc|cudnn)", dep):
            major = re.search(r"\.so\.(\d+)", dep)
            derived["cause"] = "CUDA runtime missing"
            parts.append(f"It needs {dep}: the wheel was built for CUDA {major.group(1) if major else '?'} and that runtime is not on the loader path.")
            fix.append(f"Install the CUDA {major.group(1) if major else ''} runtime libraries (toolkit or nvidia-*-cu{major.group(1) if major else ''} wheels) "
                       "and add them to LD_LIBRARY_PATH, or install the llama-cpp-python wheel built for the CUDA you have.")
        elif dep.startswith("libggml") or dep.startswith("libllama"):
            derived["cause"] = "split ggml libraries missing"
            parts.append(f"It needs {dep}, another part of the same build that is missing or not next to it.")
            fix.append("Reinstall llama-cpp-python cleanly (pip uninstall -y llama-cpp-python; pip install --no-cache-dir ...) instead of copying single .so files.")
        else:
            derived["cause"] = "dependency missing"
            parts.append(f"It needs {dep}, which the loader cannot find.")
            fix.append(f"Install the package that provides {dep} or add its folder to LD_LIBRARY_PATH.")
    elif "Could not find module" in reason or "WinError 126" in reason:
        derived["cause"] = "Windows dependent DLL missing"
        parts.append("On Windows this almost always means a dependent DLL is missing (CUDA runtime / cuBLAS DLLs of the wheel's CUDA "
                     "version, ggml*.dll, or the MSVC runtime), not the llama.dll itself.")
        fix.append("Install the CUDA toolkit matching the wheel (cu121 -> CUDA 12.1 ...) or reinstall the CPU wheel; add the CUDA bin "
                   "folder with os.add_dll_directory() before import; install the latest MSVC redistributable.")
    elif "cannot enable executable stack" in reason:
        derived["cause"] = "executable stack refused"
        parts.append("A library of the build is marked as needing an executable stack, which newer glibc (2.41+) / hardened "
                     "kernels refuse to load.")
        fix.append("Upgrade llama-cpp-python (newer wheels are built without the executable-stack flag), or clear the flag: "
                   "patchelf --clear-execstack <the .so named in the message> (or execstack -c).")
    elif "GLIBC" in reason:
        derived["cause"] = "glibc too old"
        parts.append("The library was built against a newer glibc than this system has.")
        fix.append("Build from source on this system (pip install --no-binary llama-cpp-python ...) or use a newer base image.")
    elif "WinError 193" in reason or "wrong ELF class" in reason or "invalid ELF header" in reason or "mach-o" in reason.lower():
        derived["cause"] = "wrong architecture"
        parts.append("The library is for another architecture / OS (32 vs 64 bit, x86 vs arm64).")
        fix.append("Reinstall llama-cpp-python in this interpreter so it builds or downloads for this platform.")
    else:
        derived["cause"] = "loader error"
        parts.append(f"Loader message: {reason}")
        fix.append("Reinstall a wheel matching this platform/CUDA, or rebuild with CMAKE_ARGS on this machine.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
