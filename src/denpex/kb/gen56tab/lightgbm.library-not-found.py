"""Computed diagnosis for lightgbm.library-not-found: which wording, where it searched."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "lib-none":
        fn = facts.get("c_function")
        if not isinstance(fn, str):
            return None
        derived["diagnosis"] = f"lightgbm's _LIB is None at {fn}"
        return Explanation(
            text=f"lightgbm tried to call the C function {fn}, but its native library handle is None: the library was never loaded.",
            fix=("pip uninstall -y lightgbm && pip install lightgbm  # wheel with lib_lightgbm bundled",
                 "env | grep LIGHTGBM_BUILD_DOC  # unset it outside docs builds"),
            derived=derived)
    path = facts.get("searched_path")
    if isinstance(path, str) and path:
        ext = path.rsplit(".", 1)[-1]
        derived["platform"] = {"dll": "windows", "dylib": "macos"}.get(ext, "linux")
        in_site = bool(re.search(r"(site|dist)-packages", path))
        derived["installed_package"] = in_site
        if in_site:
            text = f"The installed lightgbm package has no {path.rsplit('/', 1)[-1].rsplit(chr(92), 1)[-1]}: the binary was not installed with it."
            fix.append("pip install --force-reinstall --no-cache-dir lightgbm  # or conda install -c conda-forge lightgbm")
        else:
            text = f"lightgbm searched outside site-packages (first: {path}): a source checkout or a frozen/repackaged app without the library."
            fix.append("Build the library (cmake -B build -S . && cmake --build build) before installing, or collect lib_lightgbm as a binary when freezing.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if sig == "library-not-found-legacy":
        derived["diagnosis"] = "python-package installed before the C++ build"
        return Explanation(
            text="The 2016-era python-package was installed before lib_lightgbm was compiled.",
            fix=("Build LightGBM with CMake first (mkdir build && cd build && cmake .. && make), then python setup.py install; or pip install lightgbm.",),
            derived=derived)
    return None
