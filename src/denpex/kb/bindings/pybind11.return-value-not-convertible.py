"""Computed diagnosis for pybind11.return-value-not-convertible: TensorFlow/NumPy vs missing caster."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("signature") or "").strip()
    api = str(facts.get("numpy_api") or "")
    ret = sig.rsplit(" -> ", 1)[-1].strip() if " -> " in sig else ""
    if facts.get("tf_bfloat16") or sig.replace(" ", "") == "()->handle":
        text = "TensorFlow could not create its bfloat16 NumPy type at import (TF_bfloat16_type() -> handle): the installed NumPy does not match the NumPy ABI the TensorFlow wheel was built for."
        fix = ["pip install the NumPy release TensorFlow requires (pip show tensorflow lists it; 'numpy<2' for TensorFlow < 2.16), then run pip check."]
        m = re.search(r"0x([0-9a-f]+) but this version of numpy is 0x([0-9a-f]+)", api)
        if m:
            built, have = int(m.group(1), 16), int(m.group(2), 16)
            if have < built:
                text += f" The log also shows the module needs NumPy C API 0x{built:x} but the installed NumPy provides 0x{have:x}: NumPy is older than TensorFlow's build."
                fix = ["Upgrade NumPy within TensorFlow's range: pip install -U 'numpy<2' (or the version pip show tensorflow requires)."]
            else:
                text += f" The log shows C API 0x{built:x} built vs 0x{have:x} installed."
        return Explanation(text=text, fix=tuple(fix), derived={"binding": "pybind11"})
    if not sig:
        return None
    text = f"The bound function {sig} returned a C++ value that has no Python conversion in this build."
    fix: list[str] = []
    if "std::" in ret or facts.get("stl_hint"):
        text += f" The return type {ret} is a C++ standard container/type: the module was built without the pybind11/stl.h (or nanobind stl) caster for it."
        fix.append("Install a build of the package that converts it (upgrade/downgrade to a release without this bug), or, if you build it, add #include <pybind11/stl.h> and rebuild.")
    elif "::" in ret:
        text += f" The return type {ret} is a C++ class that no imported module has bound in a way this module can see (bound in another module built with another pybind11/nanobind ABI, or not bound at all)."
        fix.append("Use matching builds of the extension and the library that binds its return types (same release line, same pybind11/nanobind version); import that library before calling.")
    else:
        fix.append(f"Check the extension's issues for '{sig}' and install the build made for your dependency versions.")
    return Explanation(text=text, fix=tuple(fix), derived={"binding": "pybind11/nanobind"})
