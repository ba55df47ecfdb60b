"""Computed diagnosis for keras.unknown-object: the custom_objects entry (or version fix) for this name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEWER_KERAS = {"Cast", "TFOpLambda", "SlicingOpLambda", "DTypePolicy", "Policy", "InputLayer"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    kind = str(facts.get("kind") or "object")
    if not name:
        return None
    if name == "KerasLayer":
        text = "The model contains a TensorFlow Hub KerasLayer; tensorflow_hub must be imported and passed when loading."
        fix = ("import tensorflow_hub as hub; tf.keras.models.load_model(path, custom_objects={'KerasLayer': hub.KerasLayer})",)
        return Explanation(text=text, fix=fix, derived={"cause": "tensorflow_hub layer"})
    if name in _NEWER_KERAS or kind == "dtype policy":
        text = (f"'{name}' is an internal Keras class of a newer Keras than the one loading the file: the model was "
                "saved by a newer TensorFlow/Keras (mixed precision, TF-op layers, Keras 3 dtype policies).")
        fix = ("Load with the same TensorFlow/Keras version that saved the file (pip install tensorflow==<saving version>),",
               "or rebuild the architecture in code and call model.load_weights(path).")
        return Explanation(text=text, fix=fix, derived={"cause": "saved by a newer Keras"})
    if "loss" in kind or "metric" in kind:
        text = (f"The saved training config names the {kind} '{name}', which this process does not define; "
                "it is needed only to restore the compile() state.")
        fix = ("For inference: load_model(path, compile=False).",
               f"To keep training: load_model(path, custom_objects={{'{name}': {name}}}) after importing/defining {name}.")
        return Explanation(text=text, fix=fix, derived={"cause": f"custom {kind}"})
    clean = name.split(">")[-1]
    text = (f"The saved model uses the {kind} '{name}', which is not a built-in Keras {kind} and was not passed in "
            "custom_objects / registered in this process.")
    fix = (f"from <module defining it> import {clean}; load_model(path, custom_objects={{'{name}': {clean}}})",
           f"or decorate {clean} with @keras.utils.register_keras_serializable() and import its module before loading.")
    return Explanation(text=text, fix=fix, derived={"cause": f"custom {kind} not provided"})
