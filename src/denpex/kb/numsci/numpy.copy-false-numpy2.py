"""Computed diagnosis for numpy.copy-false-numpy2: names the np.array(..., copy=False) call when the traceback shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "").strip()
    if facts.get("_signature") == "array-copy-keyword-warning":
        return Explanation(
            text="An object's __array__ does not accept NumPy 2's copy keyword; NumPy fell back and warned. Harmless now, an error in a later NumPy.",
            fix=("Upgrade the library that defines the object (torch, Pillow, pandas, ...) or add copy=None to your __array__ signature.",),
            derived={"variant": "__array__ without copy keyword"},
        )
    if call:
        fixed = call.replace(", copy=False", "").replace("copy=False, ", "").replace("copy=False", "")
        fixed = fixed.replace("np.array(", "np.asarray(", 1).replace("numpy.array(", "numpy.asarray(", 1)
        text = f"The call {call} asks NumPy 2 never to copy, but this input needs a copy (a list, another dtype, or a new array from __array__)."
        fix = (f"Replace it with {fixed} - same behaviour as copy=False had on NumPy 1.x.",
               "If the line is inside an installed library, upgrade that library (or pin numpy<2 until it supports NumPy 2).")
        return Explanation(text=text, fix=fix, derived={"variant": call})
    return Explanation(
        text="Some np.array(..., copy=False) call (in your code or a library) asks NumPy 2 never to copy, but the input needs a copy.",
        fix=("Find the np.array(..., copy=False) call in the frames above and use np.asarray(...) instead.",
             "If it is inside an installed library, upgrade it or pin numpy<2."),
        derived={"variant": "call not shown in the log"},
    )
