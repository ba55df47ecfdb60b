"""Computed diagnosis for macos.dylib-not-loaded: which library is missing and what installs it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "")
    if not lib:
        return None
    name = lib.rsplit("/", 1)[-1]
    ref = str(facts.get("referenced_from") or "")
    by = f" (needed by {ref.rsplit('/', 1)[-1]})" if ref else ""
    derived: dict[str, Any] = {"library_name": name}
    if re.match(r"lib(?:g?omp|iomp5)\b", name):
        prefix = ""
        if lib.startswith("/usr/local/"):
            prefix = " The path is Intel Homebrew's (/usr/local); on Apple Silicon an arm64 Homebrew installs to /opt/homebrew."
        elif lib.startswith("/opt/homebrew/"):
            prefix = " The path is Apple Silicon Homebrew's (/opt/homebrew)."
        text = f"The OpenMP runtime {name}{by} is not installed where the package expects it.{prefix}"
        fix = ("brew install libomp  (Homebrew matching the Python's architecture: /opt/homebrew for arm64, /usr/local for x86_64)",
               "or in conda: conda install -c conda-forge llvm-openmp  (or install xgboost/lightgbm from conda-forge)")
        derived["kind"] = "openmp"
        return Explanation(text=text, fix=fix, derived=derived)
    if name.startswith("libpython") or "Python.framework" in lib:
        text = f"The Python library {lib}{by} is gone: the venv/binary was made with a Python that was removed or upgraded."
        fix = ("Recreate the environment with an installed interpreter: python3 -m venv --clear .venv && .venv/bin/pip install -r requirements.txt",)
        derived["kind"] = "python"
        return Explanation(text=text, fix=fix, derived=derived)
    if lib.startswith(("/usr/local/opt/", "/opt/homebrew/opt/", "/usr/local/Cellar/", "/opt/homebrew/Cellar/")):
        m = re.search(r"/opt/([^/]+)/", lib) or re.search(r"/Cellar/([^/]+)/", lib)
        formula = m.group(1) if m else "the formula"
        text = (f"{name}{by} comes from Homebrew's {formula}, which is missing or was upgraded to another library version.")
        fix = (f"brew install {formula}  (or reinstall the Python package against the current version: pip install --force-reinstall --no-cache-dir <package>)",)
        derived["kind"] = "homebrew"
        return Explanation(text=text, fix=fix, derived=derived)
    if lib.startswith("@rpath/") and re.match(r"lib(?:torch|c10|tensorflow|jax)", name):
        text = f"{name}{by} belongs to a framework build other than the one installed (extension built for another torch/TF)."
        fix = ("Reinstall the extension for the installed framework version (matching wheel, or rebuild it in this environment).",)
        derived["kind"] = "framework"
        return Explanation(text=text, fix=fix, derived=derived)
    text = f"dyld found no file for {lib}{by}."
    fix = ("otool -L on the referencing binary shows its dependencies; install the library that provides " + name + ".",)
    return Explanation(text=text, fix=fix, derived=derived)
