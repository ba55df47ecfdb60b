"""Computed diagnosis for keras.keras3-removed-layer-argument: the Keras 3 replacement for the rejected argument."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LEGACY = ("Or keep Keras 2 for this code: pip install tf-keras==<your TensorFlow minor> and export TF_USE_LEGACY_KERAS=1 "
           "before tensorflow is imported (or pin tensorflow<2.16).")


def _port(layer: str, kwarg: str) -> tuple[str, str] | None:
    """(what the argument did, how to say it in Keras 3) for the arguments Keras 3 removed."""
    if kwarg == "weights":
        if layer == "Embedding":
            return ("initial weights (a pretrained embedding matrix)",
                    "Embedding(..., embeddings_initializer=keras.initializers.Constant(embedding_matrix), trainable=False) "
                    "(drop trainable=False if the matrix was meant to be fine-tuned)")
        return ("initial weights", f"build the {layer} layer (call it once or layer.build(input_shape)), then layer.set_weights([...])")
    if kwarg == "input_length":
        return ("a static sequence length", "remove input_length; if a fixed length is needed later, start the model with keras.Input(shape=(length,))")
    if kwarg == "batch_input_shape":
        return ("a fixed batch size for the first layer (stateful RNNs)", "start the model with keras.Input(batch_shape=(batch, ...)) and drop the argument")
    if kwarg == "time_major":
        return ("time-major RNN inputs", "remove time_major and feed batch-major inputs (transpose with keras.ops.transpose if it was True)")
    if kwarg == "input_dtype":
        return ("the input dtype", "use dtype= on keras.Input")
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    layer = str(facts.get("layer_class") or "").strip()
    kwarg = str(facts.get("kwarg") or "").strip()
    if not layer or not kwarg:
        return None
    parts = [f"Keras 3's {layer} constructor rejected the argument '{kwarg}', which Keras 2 accepted: this model code was "
             "written for tf.keras 2 and runs under Keras 3 (TensorFlow 2.16+ or keras 3.x)."]
    fix: list[str] = []
    port = _port(layer, kwarg)
    if port:
        parts.append(f"In Keras 2, {kwarg}= gave the layer {port[0]}.")
        fix.append(f"Port it: {port[1]}.")
    else:
        fix.append(f"Check the Keras 3 signature of {layer} (help(keras.layers.{layer})) for the new name of '{kwarg}', or drop it if Keras 3 infers it.")
    fix.append(_LEGACY)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
