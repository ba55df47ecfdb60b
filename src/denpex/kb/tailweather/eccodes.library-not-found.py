"""Computed diagnosis for eccodes.library-not-found: platform and environment from the traceback paths."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("binding_path")
    sig = facts.get("_signature")
    path = path if isinstance(path, str) else ""
    low = path.lower()
    windows = "\\" in path or (len(path) > 2 and path[1] == ":")
    conda = any(k in low for k in ("conda", "miniforge", "mamba", "anaconda"))
    venv = any(k in low for k in ("/.venv/", "\\.venv\\", "/venv", "\\venv"))
    platform = "windows" if windows else ("posix" if path else "unknown")
    fix: list[str] = []
    if sig == "cffi-find-library-libeccodes":
        diagnosis = "old cfgrib bindings cannot find libeccodes"
        text = ("cfgrib <= 0.9.8 loads libeccodes itself through ctypes.util.find_library, which only searches the "
                "standard linker paths: a library under /usr/local/lib or a custom prefix is not seen.")
        fix.append("pip install -U 'cfgrib>=0.9.10' eccodes (cfgrib then uses the eccodes bindings and findlibs).")
        fix.append("Or run ldconfig after installing to /usr/local/lib, or export LD_LIBRARY_PATH=<prefix>/lib.")
    elif windows and not conda:
        diagnosis = "pip install on Windows without the native library"
        text = ("Windows with a pip/venv environment: the eccodes wheel brings only the bindings and no eccodeslib wheel "
                "is published for Windows, so there is no eccodes.dll to load.")
        fix.append("Use conda: conda install -c conda-forge eccodes python-eccodes cfgrib.")
        fix.append("Or pip install ecmwflibs together with an eccodes release that still looks up ecmwflibs.")
    elif conda and venv:
        diagnosis = "venv on top of a conda environment"
        text = ("The bindings run from a venv created from a conda Python: the library in the conda prefix is not "
                "searched from the venv.")
        fix.append("Install the GRIB stack in the conda env itself (conda install -c conda-forge eccodes cfgrib) or set ECCODES_DIR to the conda prefix.")
    elif conda:
        diagnosis = "conda env without the eccodes library"
        text = "A conda environment whose prefix has no libeccodes (eccodes bindings installed with pip only)."
        fix.append("conda install -c conda-forge eccodes python-eccodes")
    else:
        diagnosis = "native ecCodes library missing"
        text = ("The eccodes Python bindings are installed but no libeccodes shared library was found (no eccodeslib/"
                "ecmwflibs wheel, no system library in a searched path).")
        fix.append("pip install -U eccodes eccodeslib, or apt install libeccodes-dev / brew install eccodes and export ECCODES_DIR=<prefix>.")
    if sig == "could-not-load-eccodes":
        text += " This wording is from eccodes-python 1.x; current releases report it at import."
    fix.append("Check with: python -m eccodes selfcheck")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "platform": platform})
