"""Computed diagnosis for chainer.type-check-invalid-type: which input and what cast or reshape it needs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KIND = {"f": "floating point", "i": "signed integer", "u": "unsigned integer", "b": "bool", "c": "complex"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expect = str(facts.get("expect") or "").strip()
    actual = str(facts.get("actual") or "").strip()
    func = str(facts.get("function") or "the function")
    if not expect:
        return None
    derived: dict[str, Any] = {}
    m = re.search(r"in_types\[(\d+)\]", expect)
    idx = int(m.group(1)) if m else None
    if idx is not None:
        derived["input_index"] = idx
    which = f"input {idx} of {func}" if idx is not None else f"an input of {func}"
    if "dtype.kind" in expect:
        want = expect.rsplit("==", 1)[-1].strip()
        got = actual.split("!=")[0].strip() if "!=" in actual else actual
        target = "numpy.float32" if want == "f" else "numpy.int32" if want == "i" else want
        diag = "dtype kind"
        text = (f"{which} is {_KIND.get(got, got)} but {func} needs {_KIND.get(want, want)}.")
        fix = (f"Cast it before the call: x.astype({target}).",)
    elif ".dtype" in expect:
        want = expect.split("==", 1)[-1].strip()
        got = actual.split("!=")[0].strip() if "!=" in actual else actual
        diag = "dtype"
        text = f"{which} has dtype {got} but {func} requires {want}."
        fix = (f"Cast it: .astype({'numpy.float32' if 'float32' in want else 'numpy.int32' if 'int32' in want else want}).",)
    elif "shape" in expect or "ndim" in expect:
        diag = "shape"
        text = f"{func} got mismatching dimensions: expected {expect}, actual values {actual}."
        fix = ("Print the input shapes and reshape/flatten to what the link expects (or build it with in_size=None).",)
    elif "size()" in expect:
        diag = "number of inputs"
        text = f"{func} was called with a different number of inputs: {actual}."
        fix = ("Pass exactly the inputs the function takes (e.g. prediction and labels for a loss).",)
    else:
        diag = "type condition"
        text = f"{func} check `{expect}` was false ({actual})."
        fix = ("Compare the inputs' dtype and shape with the condition and convert them.",)
    derived["diagnosis"] = diag
    return Explanation(text=text, fix=fix, derived=derived)
