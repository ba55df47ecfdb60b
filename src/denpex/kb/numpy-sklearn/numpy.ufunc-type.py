"""Computed diagnosis for numpy.ufunc-type: which ufunc refused which dtypes (object/string input to isnan,
string + number loops, float result into an int/uint8 array in place)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ufunc = str(facts.get("ufunc") or "").strip("'")
    frm = str(facts.get("from_dtype") or "")
    to = str(facts.get("to_dtype") or "")
    types = str(facts.get("types") or "")
    direction = str(facts.get("direction") or "")
    frame = raising_frame(facts)
    code = str(facts.get("code") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    if frm and to:
        headline = f"np.{ufunc}: {frm} result cannot be written into a {to} array ({direction})"
        parts.append(f"The {ufunc} produces {frm} values but the {'output' if direction == 'output' else 'input'} array is {to}, and NumPy's default casting ('same_kind') does not silently truncate floats into integers. This is almost always an in-place operation (a += b, a *= 0.5, a /= 255) on an integer array (uint8 images, int64 counts/labels).")
        if "uint8" in to or "uint16" in to:
            parts.append("The target is an image-like unsigned integer array: in-place arithmetic with floats (normalisation, blending, adding noise) cannot store the float results.")
        fix.append(f"Use a new array instead of in-place: a = a {'+' if ufunc == 'add' else '*' if ufunc == 'multiply' else '-' if ufunc == 'subtract' else '/' if 'divide' in ufunc else 'op'} b (gives {frm}), or convert first: a = a.astype(np.float32) before the in-place update; cast back with np.clip(...).astype(np.uint8) for images. Only if truncation is intended: np.{ufunc or 'add'}(a, b, out=a, casting='unsafe').")
    elif types:
        headline = f"np.{ufunc} has no loop for the input types {types}"
        parts.append(f"{ufunc} was applied to dtypes it has no implementation for ({types}).")
        if re.search(r"<U|\|S|'S[0-9]|str|StrDType", types):
            parts.append("A string array is involved: numbers read as text (CSV column with a stray non-numeric value, labels kept as strings) combined with numbers.")
            fix.append("Convert the strings to numbers first (arr.astype(float), pd.to_numeric) or keep string operations separate (np.char / np.strings functions).")
        else:
            fix.append("Cast the operands to compatible dtypes (astype) before the operation.")
    else:
        headline = f"np.{ufunc or 'ufunc'} does not support the input dtype (object/string data)"
        parts.append(f"{ufunc or 'The ufunc'} only works on numeric (or datetime) arrays; the input has dtype object or string - a pandas column of mixed types, Python lists of lists, None values, strings that look like numbers, or Decimal/datetime objects.")
        if ufunc == "isnan":
            parts.append("np.isnan on an object array (e.g. a column containing strings or None, or labels of mixed types) cannot work; pd.isna handles any dtype.")
            fix.append("Use pd.isna(x) (any dtype) or convert to float first: np.isnan(np.asarray(x, dtype=float)) after cleaning non-numeric values (pd.to_numeric(errors='coerce')).")
        else:
            fix.append("Convert the data to a numeric dtype first (np.asarray(x, dtype=float) / pd.to_numeric) and find which values are not numbers.")
    if frame.pkg and frame.pkg not in ("numpy",):
        parts.append(f"The ufunc is called inside {frame.pkg}: the array you passed has an unexpected dtype (check arr.dtype of its inputs), or the library predates a NumPy change (in-place casting rules tightened in NumPy 1.10).")
    elif code and not code[:1].isdigit() and not code.startswith("raise "):
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
