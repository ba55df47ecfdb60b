"""Computed diagnosis for keras.layer-input-count: which direction the count is off and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp, got = as_int(facts.get("expected")), as_int(facts.get("received"))
    layer = str(facts.get("layer") or "the model")
    if exp is None or got is None:
        return None
    if exp > 1 and got == 1:
        hint = f" (only one of its {exp} inputs was fed)"
        text = (f"{layer} has {exp} Inputs but each batch brought one tensor: the data is not grouped per input. With tf.data the "
                f"element is probably (x1, x2, ..., y) or (x1, y) instead of ((x1, ..., x{exp}), y).")
        fix = (f"Make each element ((x1, ..., x{exp}), y) or ({{input_name: tensor, ...}}, y): "
               f"dataset.map(lambda *t: (tuple(t[:{exp}]), t[{exp}])) for a flat tuple.",
               f"With NumPy: model.fit([x1, ..., x{exp}], y) / model.predict([x1, ..., x{exp}]) - one array per Input, in model.inputs order.")
    elif exp == 1 and got > 1:
        hint = f" ({got} tensors given to a single-input model)"
        text = (f"{layer} has one Input but received {got} tensors: a Python list (of {got} samples or arrays) or a tuple was "
                "passed as x, and Keras reads each element as a separate input.")
        fix = ("Stack the samples into one array: x = np.stack(list_of_arrays) (or tf.stack), then call fit/predict with it.",
               "With tf.data, check element_spec: the first item must be one tensor, not a tuple of tensors.")
    elif got > exp:
        hint = f" ({got - exp} extra)"
        text = f"{layer} expects {exp} inputs but got {got}: labels or sample weights are probably inside x."
        fix = (f"Return (inputs, labels) with exactly {exp} tensors in inputs; move the label out of the input tuple.",)
    else:
        hint = f" ({exp - got} missing)"
        text = f"{layer} expects {exp} inputs but got {got}: some inputs are missing from x."
        fix = ("print(model.inputs) and feed one tensor per Input (dict keyed by Input name is safest).",)
    return Explanation(text=text, fix=fix, derived={"hint": hint})
