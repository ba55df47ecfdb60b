"""Computed diagnosis for numpy.scalar-conversion: which conversion failed (array -> Python float/int, array
used as an index) and the NumPy-version wording (size-1 / length-1 before 1.25, 0-dimensional after the
1.25 deprecation expired)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("deprecated"):
        headline = "DeprecationWarning: a 1-element array (ndim > 0) converted to a scalar"
        parts.append("A warning (NumPy 1.25+): float()/int() or assignment into one element received an array of shape (1,) or (1, 1) instead of a scalar. It still works, but newer NumPy raises 'only 0-dimensional arrays can be converted to Python scalars' for the same line.")
        fix.append("Extract the element explicitly: x.item() or x[0] (x.squeeze().item() for (1, 1)).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if facts.get("index"):
        headline = "an array (or list) used where an integer index is expected"
        parts.append("Python's own indexing (list[i], slices a[x0:x1], range(n), str/bytes) needs a plain integer; it got a NumPy array with more than one element - or a list was indexed with an array of indices (Python lists do not support fancy indexing).")
        if re.search(r"\w+\s*\[\s*\w+\s*\]", code) and not re.search(r"np\.|array", code):
            parts.append("On this line a sequence is indexed with an array: if the sequence is a Python list, convert it first (np.array(lst)[idx]) or use a comprehension ([lst[i] for i in idx]).")
        fix.append("Convert the list to an array for fancy indexing (np.asarray(y)[perm]), or pass a scalar index: int(x), x.item(), x[0] for 1-element arrays; use integer dtypes for slice bounds (int(np.round(v))).")
    else:
        headline = {"0-dimensional": "a non-scalar array passed to float()/int()/math (NumPy 2 strict rule)",
                    "size-1": "an array with several elements passed to float()/int()/math",
                    "length-1": "an array with several elements passed to float()/int()/math"}.get(kind, "array to Python scalar conversion failed")
        parts.append("float(), int(), complex(), math.* functions (math.exp, math.sqrt) and C-level APIs that want one number received a NumPy array.")
        if kind == "0-dimensional":
            parts.append("This wording comes from recent NumPy, which no longer converts 1-element arrays of shape (1,) either (deprecated in 1.25): code that worked on older NumPy - often inside a library - now fails.")
            fix.append("Use x.item() / x[0] where a scalar is needed; if the call is inside a library, upgrade it or pin a NumPy release it supports until it is fixed.")
        else:
            parts.append("The array has more than one element, so there is no single number to convert.")
        if re.search(r"\bmath\.\w+\(", code):
            parts.append("The line uses the math module on an array: math functions take one number; use the NumPy function instead (np.exp, np.sqrt, np.log).")
            fix.append("Replace math.<f>(array) with np.<f>(array).")
        elif re.search(r"\b(?:float|int)\(", code):
            fix.append("If the value is meant to be one number, select it (x[i], x.item()); if the whole array should be converted, use x.astype(float) / np.asarray(x, dtype=float).")
        else:
            fix.append("Print type(x) and np.shape(x) of the value converted on this line; pass a single element or use vectorised NumPy functions.")
    if frame.pkg and frame.pkg not in ("numpy",):
        parts.append(f"The conversion happens inside {frame.pkg}: it received an array where it expects a scalar (or it is not compatible with this NumPy version).")
    elif code and not code[:1].isdigit():
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
