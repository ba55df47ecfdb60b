"""Computed diagnosis for python.shadowed-or-circular-import: a local file shadowing a package, or a real circular
import (in your project or in a half-initialised library), told apart by the module name and the path."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from denpex.explain import import_packages
from denpex.models import Explanation

_SITE = ("site-packages", "dist-packages")


@lru_cache(maxsize=1)
def _libraries() -> frozenset[str]:
    """Top-level names of well-known distributions (the import-name table of python.missing-module) and the stdlib."""
    return frozenset(set(getattr(sys, "stdlib_module_names", ())) | {k.split(".", 1)[0] for k in import_packages()})


def _basename(path: str) -> str:
    return re.split(r"[\\/]", path.rstrip("\\/"))[-1]


def _checkout(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    top = str(facts.get("top_level") or module.split(".", 1)[0])
    if not module:
        return None
    root = str(facts.get("checkout") or "").rstrip("/\\")
    where = f"{root}/{top}" if root else f"a {top}/ folder on sys.path"
    text = (f"Python imported '{top}' from its source tree {where}, not from the installed package: the compiled core "
            f"'{module}' is only present in a built/installed copy, so the import stops there. This happens when the "
            f"script runs from inside the repository{f' ({root})' if root else ''} or that folder is on PYTHONPATH.")
    fix = (f"cd out of the repository (cd ~) and run again, or remove {root or 'the checkout'} from PYTHONPATH; then python -c \"import {top}; print({top}.__file__)\" must point into site-packages.",
           f"If you meant to use the checkout: build it in place (pip install -e . / python setup.py develop in {root or 'the repository'}), or install the wheel and run elsewhere.")
    return Explanation(text=text, fix=fix, derived={"cause": f"'{top}' imported from its source checkout {where}", "top_level": top, "module": module})


def _shadow_frame(facts: Mapping[str, Any]) -> Explanation | None:
    """A script named like a library runs at module level and the library's attribute is missing: the script imported itself."""
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    shadow = _basename(path).removesuffix(".py")
    module = str(facts.get("module") or shadow)
    attr = facts.get("attr")
    if module != shadow:
        text = (f"The failing line runs at the top level of {path}, a file named after the library '{shadow}', while the error is about "
                f"'{module}'{f' (no {attr!r})' if attr else ''}. A script named {shadow}.py shadows '{shadow}' for every import from its "
                f"folder; rename it first, then check whether '{module}' still lacks the name (a version change).")
        fix = (f"Rename {path} (e.g. to my_{shadow}.py) and delete __pycache__/{shadow}*.pyc beside it.",
               f"Then, if it still fails: python -c \"import {module}; print({module}.__version__, {module}.__file__)\".")
        return Explanation(text=text, fix=fix, derived={"cause": f"a local {shadow}.py shadows '{shadow}'", "top_level": shadow, "module": module})
    text = (f"'import {module}' imported your own file {path} instead of the installed '{module}': the script's folder is first on "
            f"sys.path, so the file named {shadow}.py is the module '{module}', and it has no {repr(attr) if attr else 'such name'} (the "
            f"installed library does). Nothing is wrong with the installed version.")
    fix = (f"Rename {path} (e.g. to {shadow}_demo.py) and delete __pycache__/{shadow}*.pyc (and any {shadow}.pyc) beside it.",
           f"Check: python -c \"import {module}; print({module}.__file__)\" from that folder must print a path in site-packages.")
    return Explanation(text=text, fix=fix, derived={"cause": f"your file {_basename(path)} shadows the '{module}' package", "top_level": module, "module": module})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "source-checkout-extension":
        return _checkout(facts)
    if facts.get("_signature") in ("shadow-file-frame", "shadow-file-frame-py2"):
        return _shadow_frame(facts)
    module = str(facts.get("module") or facts.get("from_module") or facts.get("stdlib_hint") or "").strip("'\"")
    path = str(facts.get("path") or "").strip()
    attr = facts.get("attr") or facts.get("name")
    stdlib = facts.get("stdlib_hint") or (facts.get("from_module") if facts.get("_signature") == "stdlib-shadow-path" else None)
    kind = str(facts.get("kind") or "")
    if not module and path:
        module = _basename(path).removesuffix(".py")
    if not module:
        return None
    top = module.split(".", 1)[0]
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {"top_level": top, "module": module}
    in_site = any(s in path for s in _SITE)
    known_lib = top in _libraries()
    if kind.startswith("consider") or stdlib:
        derived["cause"] = f"a local file {path or top + '.py'} shadows '{top}'"
        what = "the standard-library module" if stdlib else "the package"
        parts.append(
            f"Python imported {path or 'a local file'} as '{top}' instead of {what} '{top}': the file (or the script itself) has "
            f"the same name and its folder comes first on sys.path (the script's directory always does). Python 3.13 says so explicitly."
        )
        fix.append(f"Rename {path or top + '.py'} (e.g. to my_{top}.py), and delete the __pycache__/{top}.*.pyc next to it.")
    elif facts.get("location") == "unknown location":
        derived["cause"] = f"'{top}' resolved to a folder without __init__.py"
        parts.append(
            f"Python found '{module}' as a namespace package: a folder named {top}/ with no __init__.py (a cloned repository folder, a "
            f"data folder, or what an uninstall left behind) comes first on sys.path, so the installed package's names are not there"
            f"{f' ({attr!r} among them)' if attr else ''}."
        )
        fix.append(f"Find the folder: python -c \"import {top}; print({top}.__path__)\" from the same working directory; rename or move it, or run from another directory.")
        fix.append(f"If the folder is the repository that contains the package (e.g. {top}/{top}/), install it (pip install -e ./{top}) or import from the inner package.")
        fix.append(f"If nothing local is named {top}: the installation is broken; pip install --force-reinstall --no-deps the distribution that provides {top}.")
        if attr:
            parts.append(f"The name that was not there: '{attr}'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    elif kind == "not a package" and top in getattr(sys, "stdlib_module_names", ()):
        derived["cause"] = f"'{top}' is also a standard-library module"
        parts.append(
            f"'{top}' is the name of a standard-library module, and that module (a plain file) was imported instead of your "
            f"package {top}/, so '{facts.get('dotted') or top + '.<sub>'}' cannot be found under it."
        )
        fix.append(f"Rename your package folder {top}/ to a name that no standard-library module uses (e.g. {top}_src/) and update its imports.")
    elif kind == "not a package":
        derived["cause"] = f"'{top}' resolved to a plain module, not the package"
        parts.append(
            f"'{top}' was found as a plain module (a single file such as {top}.py in the working directory or the script's folder), "
            f"so Python cannot look up submodules under it; the real package '{top}' is shadowed."
        )
        fix.append(f"Find the file: python -c \"import {top}; print({top}.__file__)\" from the same directory; rename it (and remove __pycache__/{top}*.pyc).")
    elif path and not in_site and known_lib:
        derived["cause"] = f"a local {_basename(path)} shadows the '{top}' package"
        parts.append(
            f"'{top}' was loaded from {path}, which is not the installed package: a local file or folder named {top} shadows it, "
            f"and when that file itself imports {top} it gets the half-executed local module (hence 'partially initialized')."
        )
        fix.append(f"Rename {path} (and remove the __pycache__ beside it); never name scripts after packages you import (torch.py, datasets.py, transformers.py, wandb.py, numpy.py).")
    elif known_lib:
        derived["cause"] = f"'{top}' did not finish importing"
        parts.append(
            f"'{top}' is a library, and it was found while it was still being initialised. Three causes are common: a file named "
            f"{top}.py (or a folder {top}/) in the working directory or next to the script shadows it; an earlier 'import {top}' failed "
            "half-way in the same interpreter (a notebook cell re-run after an error - the module stays partially initialised); or "
            f"the installation is broken or mixed (files of two versions of {top}, or a companion such as torchvision built for another version)."
        )
        fix.append(f"Check what is imported: python -c \"import {top}; print({top}.__file__)\" from the script's directory; rename any local {top}.py / {top}/.")
        fix.append("In a notebook: restart the kernel (the half-imported module stays cached until then) and look for the first error above.")
        fix.append(f"Otherwise reinstall cleanly: pip install --force-reinstall --no-deps {top} (plus its companion packages at matching versions).")
    else:
        derived["cause"] = f"a circular import involving '{module}'"
        parts.append(
            f"'{module}' looks like a module of your project: it imports (directly or through other modules) a module that imports it back, "
            f"and the second import finds it only half executed{f', before {attr!r} is defined' if attr else ''}."
        )
        fix.append("Break the cycle: move the import into the function that uses it, import the module instead of the name (import pkg.mod; use pkg.mod.X at call time), or move the shared definitions into a third module.")
        fix.append(f"If {module} shares its name with an installed package, rename it.")
    if attr and not kind:
        parts.append(f"The name that was not there yet: '{attr}'.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
