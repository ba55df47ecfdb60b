"""Computed diagnosis for mediapipe.framework-bindings-missing: source tree vs installed package vs Windows DLLs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    mp_file = str(facts.get("mp_file") or "")
    norm = mp_file.replace("\\", "/")
    root = norm.split("/mediapipe/python")[0] if "/mediapipe/python" in norm else ""
    installed = "site-packages" in norm or "dist-packages" in norm
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "bindings-dll-load-failed":
        reason = str(facts.get("reason") or "").strip()
        what = "mediapipe's compiled core (_framework_bindings) is present but a DLL it needs did not load"
        text = ("On Windows the _framework_bindings .pyd loaded its dependencies and one was missing"
                f"{' (' + reason + ')' if reason else ''}: usually the Microsoft Visual C++ 2015-2022 runtime, or a wheel that "
                "does not match this Python.")
        fix.append("Install the Microsoft Visual C++ 2015-2022 Redistributable (x64), or: pip install msvc-runtime")
        fix.append("pip install --force-reinstall mediapipe with a 64-bit Python version that PyPI lists wheels for.")
        derived["tree"] = "installed package" if installed else ("source tree" if mp_file else "unknown")
    elif mp_file and not installed:
        what = "Python imported a MediaPipe source tree that has no compiled _framework_bindings"
        text = (f"The traceback runs through {root or mp_file}, not site-packages: that mediapipe folder (a git checkout or "
                "copied package) comes first on sys.path and has no compiled extension, so it shadows any installed wheel.")
        fix.append(f"Run from another directory (or drop {root or 'the checkout'} from PYTHONPATH) so the installed wheel is imported.")
        fix.append("If you meant to use the source build: python setup.py bdist_wheel (runs Bazel), then pip install dist/mediapipe-*.whl")
        derived["tree"] = "source tree"
    else:
        what = "the installed mediapipe package lacks its compiled _framework_bindings"
        text = ("The mediapipe package Python imported has no compiled _framework_bindings extension: an incomplete source "
                "install, a package copied from another machine/Python, or a platform with no official wheel.")
        fix.append("pip uninstall -y mediapipe && pip install mediapipe  # on a Python version/platform PyPI has wheels for")
        derived["tree"] = "installed package" if installed else "unknown"
    derived["what"] = what
    return Explanation(text=text, fix=tuple(fix), derived=derived)
