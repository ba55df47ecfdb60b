"""Computed diagnosis for pybind11.cast-error: which conversion failed and the usual reason for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _py(t: str) -> str:
    m = re.search(r"'([^']+)'", t)
    return m.group(1) if m else t.strip()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    py_t = _py(str(facts.get("py_type") or ""))
    cpp = str(facts.get("cpp_type") or "").strip()
    if sig == "non-held-to-held":
        what = f" ({cpp})" if cpp else ""
        return Explanation(
            text=f"A function taking std::shared_ptr<T>{what} got an object whose class was bound without a shared_ptr holder (or was created without one).",
            fix=("Binding: declare py::class_<T, std::shared_ptr<T>> for this class (and its bases), rebuild.",
                 "User side: create the object through the library's factory that returns a shared instance, or upgrade to a build with the holder fixed."),
            derived={"form": "holder"},
        )
    if sig == "multiple-references":
        return Explanation(
            text=f"pybind11 was asked to move a {py_t or 'Python'} object into C++ while other Python references to it exist.",
            fix=("Drop the extra references before the call (del the other names) or pass a copy (copy.copy(obj)).",),
            derived={"form": "move"},
        )
    if sig == "call-argument":
        arg = facts.get("argument") or "an argument"
        return Explanation(
            text=f"C++ code tried to call a Python function with {arg}{' of C++ type ' + cpp if cpp else ''}, which has no Python conversion in this module (type not bound here, or a missing pybind11/stl.h caster).",
            fix=("Binding: bind the type (py::class_) or include the caster header (pybind11/stl.h, functional.h) in the module that makes the call, rebuild.",),
            derived={"form": "to-python"},
        )
    text = []
    fix: list[str] = []
    if not py_t and not cpp:
        text.append("A release build of pybind11 (< 2.11) failed a conversion from Python to C++ and printed neither type.")
        text.append("This is raised inside bound code: usually a Python override/callback returned the wrong type, or an object from another copy of the library was passed.")
        fix.append("Print type() of what your Python override returns (or what you pass) and compare with the C++ signature in the function's docstring; rebuild with -DPYBIND11_DETAILED_ERROR_MESSAGES to get the names.")
        return Explanation(text=" ".join(text), fix=tuple(fix), derived={"form": "untyped"})
    cpp_known = bool(cpp) and cpp != "?"
    text.append(f"pybind11 could not convert a Python {py_t or 'object'} to {'the C++ type ' + cpp if cpp_known else 'the expected C++ type (release build prints ?)'}.")
    short_py = py_t.split(".")[-1]
    if cpp_known and short_py and short_py == re.split(r"::|\.", cpp)[-1] and "." in py_t:
        text.append("The Python class has the same name as the C++ type: the object was created by another copy of the library (two builds or vendored modules), whose registration this module does not share.")
        fix.append(f"Import one copy only: find duplicates with pip list / python -c \"import {py_t.split('.')[0]}; print({py_t.split('.')[0]}.__file__)\", and build your extension against the same installed copy.")
    elif py_t == "str" and cpp_known and ("unsigned char" in cpp or "uint8" in cpp or "bytes" in cpp):
        text.append("A str was given where the C++ side holds raw bytes.")
        fix.append("Pass bytes(data) or bytearray(data) instead of str.")
    elif py_t in ("float", "int", "numpy.float64", "numpy.float32") and (not cpp_known or "Eigen" in cpp or "Matrix" in cpp or "Vector" in cpp or "ndarray" in cpp):
        text.append("A plain number reached a C++ vector/matrix: typical for a Python override (custom factor, cost or callback) that returns a scalar where an array is required.")
        fix.append("Return an array: np.array([value]) (1-D, float64) instead of a number.")
    elif py_t in ("list", "tuple", "dict"):
        text.append(f"A Python {py_t} was given where a bound object or array is required (the C++ type has no container caster).")
        fix.append("Convert first: np.asarray(x, dtype=np.float64) for arrays, or build the library's own object from the values.")
    elif py_t == "NoneType":
        text.append("None reached C++ code that needs a value: an override or callback returned nothing.")
        fix.append("Make the Python override return a value of the expected type on every path.")
    elif py_t in ("torch.Tensor", "numpy.ndarray"):
        text.append(f"A {py_t} was given to C++ code expecting {cpp if cpp_known else 'another type'}.")
        fix.append("Convert to what the docstring lists (x.detach().cpu().numpy() for arrays, torch.from_numpy(x) for tensors) with the expected dtype.")
    if not fix:
        fix.append("Pass or return exactly the type the C++ side expects (see the function's docstring); rebuild with -DPYBIND11_DETAILED_ERROR_MESSAGES if the C++ type shows as '?'.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"form": "typed" if cpp_known else "python-type-only"})
