"""Computed diagnosis for xgboost.library-not-loaded: which platform, which dependency."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "library-not-found":
        return Explanation(
            text=("No native XGBoost library file exists next to the Python package: it was installed from a source "
                  "tree (or an old pip sdist) without compiling libxgboost."),
            fix=("pip install --force-reinstall xgboost  # prebuilt wheel",
                 "Or build first: cmake -B build && cmake --build build -j, then install the python-package."),
            derived={"diagnosis": "native library was never built"},
        )
    if sig == "unbound-lib":
        return Explanation(
            text=("xgboost <= 0.80 hides the loader error: every candidate libxgboost failed to load (usually a "
                  "missing OpenMP runtime or a binary for another platform) and _load_lib then read an unset "
                  "variable. Upgrading xgboost shows the real OS error."),
            fix=("pip install --upgrade xgboost  # 0.81+ reports 'XGBoost Library (...) could not be loaded' with the OS error",
                 "Linux: apt-get install -y libgomp1; macOS: brew install libomp; Windows: Visual C++ Redistributable."),
            derived={"diagnosis": "old xgboost hid the library load error"},
        )
    lib = str(facts.get("libname") or "")
    err = str(facts.get("os_error") or "")
    if not lib:
        return None
    if "GLIBC_" in err:
        diagnosis = "binary needs a newer glibc"
        text = f"{lib} was built against a newer glibc than this machine has ({err[:120]})."
        fix = ("Install an xgboost wheel built for this glibc (manylinux2014 / older release) or use a newer base image.",)
    elif "wrong ELF class" in err or "mach-o file, but is an incompatible architecture" in err:
        diagnosis = "binary for another architecture"
        text = f"{lib} is for another architecture (32/64-bit or x86/arm) than this Python."
        fix = ("Reinstall xgboost in this environment: pip install --force-reinstall --no-cache-dir xgboost.",)
    elif lib.endswith(".dylib"):
        diagnosis = "macOS: OpenMP runtime libomp missing"
        text = f"{lib} could not be loaded on macOS; the usual missing dependency is libomp.dylib."
        fix = ("brew install libomp", "Or: conda install -c conda-forge xgboost (brings llvm-openmp).")
    elif lib.endswith(".dll"):
        diagnosis = "Windows: OpenMP runtime vcomp140.dll missing"
        text = f"{lib} could not be loaded on Windows; vcomp140.dll comes with the Visual C++ Redistributable."
        fix = ("Install the latest Microsoft Visual C++ Redistributable (x64) and use 64-bit Python.",)
    else:
        diagnosis = "Linux: OpenMP runtime libgomp missing"
        text = f"{lib} could not be loaded on Linux; the usual missing dependency is libgomp.so.1 (GCC OpenMP runtime)."
        fix = ("apt-get install -y libgomp1  (RHEL/Amazon Linux: yum install libgomp)",
               "AWS Lambda: ship libgomp.so.1 in a layer and add its folder to LD_LIBRARY_PATH.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
