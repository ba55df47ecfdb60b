"""Computed diagnosis for tensorboard.tf-record-reader-mismatch: which wrapper call failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "getnext-arg-count" or (facts.get("expected") is not None and facts.get("given") is not None):
        try:
            exp, given = int(facts["expected"]), int(facts["given"])
        except (KeyError, TypeError, ValueError):
            return None
        newer = "TensorFlow is newer than TensorBoard" if given > exp else "TensorBoard is newer than TensorFlow"
        return Explanation(
            text=f"TensorBoard passed {given} arguments to GetNext, the installed TensorFlow's reader takes {exp}: {newer}.",
            fix=("pip install -U tensorboard tensorflow  # or pin tensorboard to the tensorflow minor version",),
            derived={"diagnosis": newer, "swig_method": "GetNext"},
        )
    method = facts.get("swig_method")
    if not method:
        return None
    idx = facts.get("arg_index")
    ctype = facts.get("c_type") or "?"
    text = (f"The installed TensorFlow's SWIG wrapper {method} expects a {ctype} as argument {idx}, but the caller passed "
            "the arguments of another TensorFlow release.")
    fix = ["pip list | grep -iE 'tensorflow|tensorboard'  # then install matching versions (same major.minor)"]
    if str(method).startswith("PyRecordReader"):
        text += " The caller is TensorBoard's event file loader: tensorboard and tensorflow are from different releases."
        fix.insert(0, "pip install 'tensorboard==<tensorflow major.minor>.*' or upgrade both together.")
        diag = "tensorboard/tensorflow release mismatch"
    else:
        diag = f"caller built for another TensorFlow than the one installed ({method})"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diag})
