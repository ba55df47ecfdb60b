"""Computed diagnosis for setuptools.distutils-hack-assertion: read the interpreter from the distutils path."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VER = re.compile(r"(?:python|cpython-)(3)\.?(\d{1,2})", re.IGNORECASE)
_PYDIR = re.compile(r"[\\/]Python(3)(\d{1,2})[\\/]", re.IGNORECASE)


def _version(path: str) -> str:
    m = _VER.search(path) or _PYDIR.search(path)
    return f"{m.group(1)}.{m.group(2)}" if m else ""


def _interpreter(path: str) -> str:
    low = path.lower()
    if "stabilitymatrix" in low or "\\data\\assets\\python" in low or "/data/assets/python" in low:
        return "portable (Stability Matrix bundled CPython)"
    if "python_embeded" in low or "python_embedded" in low or "embed" in low:
        return "embedded Windows Python"
    if "cellar" in low or "framework" in low:
        return "macOS framework / Homebrew Python"
    if low.startswith("/usr/lib/") or low.startswith("/usr/local/lib/"):
        return "system Python"
    if "\\" in path:
        return "Windows Python"
    return "Python"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("core_path") or "").strip()
    if not path:
        return None
    ver = _version(path)
    interp = _interpreter(path)
    windows = "\\" in path
    setvar = "set SETUPTOOLS_USE_DISTUTILS=stdlib" if windows else "export SETUPTOOLS_USE_DISTUTILS=stdlib"
    where = f"{interp} {ver}".strip() if ver else interp
    text = (
        f"The failure text is the path of the standard library's distutils ({path}) of a {where}: setuptools' "
        "_distutils_hack asserted because distutils had been imported from the standard library before setuptools, "
        "so its own copy (setuptools/_distutils) could not take over. Nothing is missing on disk."
    )
    if facts.get("_signature") == "aitoolkit-job-error":
        text += " ai-toolkit printed only str(e) of that AssertionError as 'Error running job:'."
    fix = [
        f"{setvar}  (then start the run again; the override is skipped)",
        "python -m pip install -U setuptools  (with the same interpreter)",
    ]
    if "portable" in interp or "embedded" in interp:
        fix.append("On this bundled interpreter, if it broke after a setuptools upgrade: python -m pip install \"setuptools<60\"")
    derived = {"interpreter": interp}
    if ver:
        derived["python_version"] = ver
        if ver in ("3.12", "3.13", "3.14"):
            text += f" Python {ver} has no stdlib distutils, so another copy on sys.path is being picked up."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
