"""Computed diagnosis for tf.eager-tensor-graph-attribute: which attribute, and keras-rl or not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if not attr:
        return None
    attr = str(attr)
    if facts.get("rl_frame"):
        diagnosis = "keras-rl agent on eager TensorFlow 2"
        text = (f"A keras-rl agent ({facts['rl_frame']}) trains with TF1-style Keras functions that read Tensor.{attr}, "
                "but TensorFlow 2 runs eagerly and passes eager tensors, which have no graph.")
        fix = ("Add import tensorflow as tf; tf.compat.v1.disable_eager_execution() as the first lines of the script, before the model is built.",
               "Or pin the versions the agent library was written for (keras-rl: keras 2.x + tensorflow 1.x; keras-rl2: an early TF 2.x).")
    elif attr == "name":
        diagnosis = "Tensor.name read on an eager tensor"
        text = ("The code reads .name of a tensor computed eagerly; only graph tensors (inside tf.function or graph mode) "
                "and tf.Variables have names.")
        fix = ("Use the variable's name (var.name) or keep your own label instead of tensor.name.",
               "Or run this code inside @tf.function / with eager execution disabled.")
    else:
        diagnosis = f"Tensor.{attr} read on an eager tensor"
        text = (f"Graph-mode code reads Tensor.{attr} of an eager tensor: TF1 code (control_dependencies, compat.v1 cells, "
                "K.function) runs on TensorFlow 2 with eager execution on.")
        fix = ("Call tf.compat.v1.disable_eager_execution() at the top of the program, before any tensor is created.",
               "Or port the code to TF2 (tf.function, GradientTape) so it no longer needs graph nodes.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
