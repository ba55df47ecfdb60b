"""Computed diagnosis for keras.positional-non-tensor-argument: what kind of value was passed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value = facts.get("value")
    vtype = facts.get("value_type")
    if not value or not vtype:
        return None
    short = str(vtype).rsplit(".", 1)[-1]
    if ".layers." in str(vtype) or str(value).startswith("<"):
        diagnosis = f"a {short} layer object was passed instead of its output"
        text = (f"The positional argument is the layer object {value} ({vtype}), not a tensor: the layer was "
                "passed where its output was expected.")
        fix = (f"Call the {short} layer on the tensor first (y = {short.lower()}_layer(x)) or wrap it properly "
               f"(e.g. keras.layers.Bidirectional(keras.layers.{short}(...))(x)).",)
    elif short in ("int", "float", "bool", "NoneType", "str", "tuple", "list"):
        diagnosis = f"plain {short} value {value} passed positionally"
        text = (f"Keras 3 only accepts tensors as positional call arguments; {value} is a Python {short}. "
                "tf.keras 2 accepted this, Keras 3 does not.")
        fix = (f"Pass {value} by keyword: layer(x, <arg_name>={value}), with call(self, x, <arg_name>=None).",)
    else:
        diagnosis = f"non-tensor {short} passed positionally"
        text = f"The value {value} of type {vtype} is not a tensor, so Keras 3 refuses it as a positional argument."
        fix = ("Pass it by keyword, or convert it with keras.ops.convert_to_tensor if it is data.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
