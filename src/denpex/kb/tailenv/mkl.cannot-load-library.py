"""Computed diagnosis for mkl.cannot-load-library: which MKL piece failed and where."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DISPATCH = re.compile(r"mkl_(?:avx512_mic|avx512|avx2|avx|def|mc3|mc|vml_\w+)", re.ASCII)
_THREADING = re.compile(r"mkl_(?:intel_thread|gnu_thread|tbb_thread|sequential)", re.ASCII)


def _platform(lib: str) -> str:
    if lib.endswith(".dll"):
        return "windows"
    if lib.endswith(".dylib"):
        return "macos"
    return "linux"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "error-on-loading-function":
        fn = str(facts.get("function") or "an MKL function")
        return Explanation(
            text=(f"MKL loaded a CPU kernel library that lacks {fn}: the kernel libraries and libmkl_core come from "
                  "different MKL versions (two MKL installs in one process, or a half-updated mkl package)."),
            fix=("conda update mkl mkl-service (or conda install --force-reinstall mkl) in this environment.",
                 "Remove other MKL folders from LD_LIBRARY_PATH / LD_PRELOAD for this run."),
            derived={"diagnosis": "MKL version mix"},
        )
    if sig == "cannot-load-symbol":
        sym = str(facts.get("symbol") or "a symbol")
        return Explanation(
            text=(f"MKL could not resolve {sym}: the program was linked against another MKL interface/version than the "
                  "libmkl_rt it runs with (e.g. the MPI wrapper library not on the loader path)."),
            fix=("Link and run with the same MKL (check ldd on the binary and LD_LIBRARY_PATH).",),
            derived={"diagnosis": "MKL symbol missing"},
        )
    lib = str(facts.get("library") or "")
    if not lib:
        return None
    name = lib.rsplit("/", 1)[-1]
    plat = _platform(name)
    fix: list[str] = []
    if "/" in lib and ".." in lib:
        diagnosis = "MKL path resolved through a missing folder"
        text = (f"MKL tried {lib}: a path relative to the mkl Python package that does not exist any more - the "
                "environment was moved/partly removed, or the current directory was deleted.")
        fix.append("Reinstall mkl and mkl-service in the environment (conda install --force-reinstall mkl mkl-service).")
    elif _DISPATCH.search(name):
        diagnosis = "CPU kernel library of MKL not found (two MKLs mixed)"
        text = (f"libmkl_rt/libmkl_core chose the CPU kernel library {name} (and the fallback "
                f"{facts.get('fallback') or 'libmkl_def'}) and could not load it from its own folder: the MKL runtime "
                "in use is not the one these files belong to (pip numpy/torch in a conda env, /opt/intel on "
                "LD_LIBRARY_PATH or LD_PRELOAD), or the mkl package is incomplete.")
        fix.append("conda install mkl mkl-service numpy   # one consistent MKL in the env (or a fresh env)")
        if plat == "linux":
            fix.append("Workaround: export LD_PRELOAD=$CONDA_PREFIX/lib/libmkl_core.so:$CONDA_PREFIX/lib/libmkl_sequential.so")
    elif _THREADING.search(name):
        diagnosis = "MKL threading layer not found"
        text = f"MKL could not load its threading layer {name}: the MKL runtime folder is not on the loader path or is incomplete."
        fix.append("conda install --force-reinstall mkl   # restores the threading libraries")
        fix.append("Or select a layer that is present: export MKL_THREADING_LAYER=GNU (or SEQUENTIAL).")
    else:
        diagnosis = "MKL runtime library not found"
        text = f"MKL could not load {name}: the MKL runtime is missing from the loader path of this process."
        fix.append("conda install mkl (or pip install mkl) in the environment that runs the program.")
    if plat == "macos":
        fix.append("macOS: export DYLD_LIBRARY_PATH=$CONDA_PREFIX/lib:$DYLD_LIBRARY_PATH, or reinstall numpy from the same channel.")
    elif plat == "windows":
        fix.append("Windows: add <env>\\Library\\bin to PATH (activate the env instead of calling its python.exe directly).")
    else:
        fix.append("Clear foreign MKL paths: unset LD_PRELOAD; remove /opt/intel/... from LD_LIBRARY_PATH.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "platform": plat})
