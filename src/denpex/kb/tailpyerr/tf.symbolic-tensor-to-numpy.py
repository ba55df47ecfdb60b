"""Computed diagnosis for tf.symbolic-tensor-to-numpy: version clash (NumPy >= 1.20 with TensorFlow
<= 2.4, seen from the tensor name and TensorFlow's own np.prod frame) or a NumPy call in traced code."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_RNN = re.compile(r"(?:^|/)(?:c?u?dnn_?)?(?:lstm|gru|rnn|simple_rnn|bidirectional|conv_lstm2d)(?:_\d+)?/", re.I)
_NP_CALL = re.compile(r"\b(?:np|numpy|scipy|plt|math)\.\w+\(")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("tensor") or "")
    keras = facts.get("_signature") == "keras-input-output"
    np_prod = bool(facts.get("np_prod"))
    tf_core = bool(facts.get("tf_core"))
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    rnn = bool(_RNN.search(name))
    np_line = bool(_NP_CALL.search(code))
    version_fix = ('pip install "numpy<1.20"  # e.g. 1.19.5, for TensorFlow 1.15-2.4',
                   "or upgrade TensorFlow to >= 2.5 (its shape code no longer passes tensors to np.prod)")
    code_fix = ("Replace the NumPy call with the TensorFlow op (tf.multiply, tf.reshape, tf.reduce_prod, tf.shape(x)[0], tf.cast) "
                "or wrap it in tf.numpy_function; debug with model.compile(..., run_eagerly=True).",)
    label = f"'{name}'" if name else "a symbolic tensor"
    if keras:
        diagnosis = "Keras symbolic input/output passed to NumPy or a non-dispatching TF API"
        text = ("A KerasTensor (an output of tf.keras.Input or of a layer during functional model construction) reached NumPy "
                "or a TensorFlow API that cannot take it. Put that computation inside a custom Layer (or Lambda) so it runs on real tensors.")
        fix: tuple[str, ...] = ("Move the NumPy / raw TF call into a tf.keras.layers.Layer subclass's call() (or a Lambda layer).",) + code_fix
    elif np_prod or rnn:
        diagnosis = "NumPy >= 1.20 with TensorFlow <= 2.4"
        why = ("TensorFlow's array_ops._constant_if_small is in the traceback" if np_prod
               else f"{label} is the batch-size slice of a recurrent layer's initial state")
        text = (f"{why}: TensorFlow itself called np.prod on a symbolic shape while building the graph, which fails with "
                "NumPy 1.20 or newer on TensorFlow 1.15-2.4. Nothing in your code is wrong.")
        if tf_core:
            text += " The paths show tensorflow_core, i.e. TensorFlow 2.0/2.1."
        fix = version_fix
    else:
        diagnosis = "NumPy call on a tensor in graph/traced code" + (" (or NumPy >= 1.20 with TensorFlow <= 2.4)" if tf_core else "")
        text = (f"NumPy received {label}, a tensor of a graph being built (tf.function, Keras layer call, loss, tf.data map or a TF1 graph), "
                "which has no values yet.")
        if np_line:
            text += f" The failing line calls NumPy directly: {code}"
        elif frame.where:
            text += f" Raised under {frame.where}."
        text += (" If the failing line is TensorFlow's own code and NumPy is >= 1.20 with TensorFlow <= 2.4, "
                 "the version pair is the cause instead.")
        fix = code_fix + version_fix
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
