"""Computed diagnosis for tf.autograph-user-code-error: which TensorFlow generation printed the wrapper
and what the exception class suggests when the inner message is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINT = {
    "ValueError": "in Keras this is most often a shape mismatch between labels and outputs in the loss, or an input shape the model does not accept",
    "TypeError": "often a dtype mismatch (int labels with float outputs), None where a tensor is expected, or a Python call on a symbolic tensor",
    "NotImplementedError": "usually a NumPy call on a symbolic tensor (Cannot convert a symbolic Tensor), including NumPy >= 1.20 with TensorFlow <= 2.4",
    "AttributeError": "usually a method that eager tensors have but symbolic ones lack (.numpy()) or an API renamed between versions",
    "OperatorNotAllowedInGraphError": "a Python bool/iteration over a symbolic tensor (if tensor: / for x in tensor) in code autograph did not convert",
    "InvalidArgumentError": "an op rejected its inputs (shapes, indices out of range)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exc") or "")
    form = str(facts.get("form") or "")
    if not exc:
        return None
    gen = "TensorFlow 2.0-2.1" if form == "converted" else "TensorFlow 2.2 or newer"
    text = (f"{gen} printed '{exc}: in {form} code:': the {exc} was raised inside a traced tf.function (Keras train/test/predict "
            "function or a dataset map). The indented '" + exc + ": ...' line at the end of the block is the cause.")
    hint = _HINT.get(exc)
    if hint:
        text += f" If that line is missing from the log: {hint}."
    fix = ("Read and fix the last indented error line of the block.",
           "To get a plain traceback: model.compile(..., run_eagerly=True) or tf.config.run_functions_eagerly(True), then rerun.")
    return Explanation(text=text, fix=fix, derived={})
