"""Computed diagnosis for python.extension-init-missing: which symbol is missing and the usual reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "").strip()
    if not module:
        return None
    py2 = facts.get("py2") == "init"
    symbol = f"init{module}" if py2 else f"PyInit_{module}"
    text = f"Python imported the file for module '{module}' but it exports no {symbol}."
    fix = [f"Check the exported symbol: nm -D --defined-only <path>/{module}*.so | grep -i init (expect {symbol}).",
           "Rebuild with this interpreter after deleting old build/ and *.so files: python -m pip install -v . (or python setup.py build_ext --inplace)."]
    if module in ("_C", "_ext", "C", "_backend") or module.startswith("_"):
        text += (f" '{module}' is a build product of the repository (C++/CUDA ops): the file present was built for another Python"
                 " (Python 2 exports init*, another interpreter or a failed/partial build) or copied from elsewhere.")
    elif module.endswith("_") or module.endswith("_v2") or module.endswith("2"):
        text += " The name looks edited: the name in the source (PYBIND11_MODULE / PyInit_) probably differs from the file name."
        fix.insert(0, f"Use the same name everywhere: PYBIND11_MODULE({module}, m) and the build target '{module}'.")
    else:
        text += " Usually the module name in the source (PYBIND11_MODULE / PyModule_Create / .pyx) differs from the file name, or the file was renamed after the build."
        fix.insert(0, f"Make the source name '{module}' (PYBIND11_MODULE({module}, m)) or rename the build target, instead of renaming the built file.")
    if py2:
        text += " This is a Python 2 wording; on Python 3 the symbol is PyInit_<name>."
    return Explanation(text=text, fix=tuple(fix))
