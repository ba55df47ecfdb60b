"""Computed diagnosis for tf.no-gradients: which variable group is affected and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    first = str(facts.get("first_var") or "").strip()
    layer = first.split("/")[0] if "/" in first else first.split(":")[0]
    fix = ["Move model(x, training=True) and the loss computation inside `with tf.GradientTape() as tape:`.",
           "Check the loss path for argmax / round / integer casts / .numpy() / tf.py_function and replace them with differentiable ops."]
    if first:
        text = (f"None of the trainable variables (starting with {first}, layer {layer!r}) got a gradient: the loss is not "
                "connected to them through differentiable TensorFlow ops.")
        fix.append(f"Print tape.gradient(loss, model.trainable_variables): if even {layer!r} (an early layer) is None, the whole "
                   "forward pass ran outside the tape or the loss ignores y_pred.")
        first_s = f" (first: {first})"
    else:
        text = ("The optimizer received None for every variable (Keras 3 / TF1 wording without names): the loss is not connected "
                "to the trainable weights.")
        first_s = " (variable names not printed)"
    return Explanation(text=text, fix=tuple(fix), derived={"first": first_s})
