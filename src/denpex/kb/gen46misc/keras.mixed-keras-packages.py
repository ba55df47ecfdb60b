"""Computed diagnosis for keras.mixed-keras-packages: which Keras package the refused object comes from and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OBJ = re.compile(r"<(?P<path>[A-Za-z_][\w.]*)(?: object)? at 0x[0-9a-fA-F]+>")


def _package(path: str) -> str | None:
    if path.startswith("tensorflow_hub."):
        return "tensorflow_hub (a Keras 2 / tf_keras layer)"
    if path.startswith(("tensorflow.python.keras", "tensorflow_core.python.keras", "tensorflow.keras")):
        return "tf.keras (tensorflow.python.keras)"
    if path.startswith("tf_keras."):
        return "tf_keras (legacy Keras 2)"
    if path.startswith("keras.src.") or path.startswith("keras.layers.") or path.startswith("keras.engine.") or path.startswith("keras."):
        return "standalone keras (keras." + path.split(".", 2)[1] + ")"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if attr:
        cls = facts.get("model_class") or "Model"
        text = (f"A tf.keras callback (TensorBoard / ModelCheckpoint from tensorflow.keras) called {attr} on a '{cls}' "
                "built with the standalone keras package, which does not have that tf.keras method: keras and tf.keras are mixed "
                "(keras 2.3.x delegates TensorBoard to tf.keras on TF 2.0/2.1).")
        fix = ("Import the model, layers and callbacks all from tensorflow.keras (or all from keras),",
               "or upgrade TensorFlow to 2.2+ where TensorBoard accepts a standalone keras model.")
        return Explanation(text=text, fix=fix, derived={"kind": "tf-callback-standalone-model",
                                                         "diagnosis": f"tf.keras callback on a standalone keras {cls}"})
    found = facts.get("found")
    if not isinstance(found, str) or not found.strip():
        return None
    found = found.strip()
    ftype = facts.get("found_type") or ""
    m = _OBJ.search(found)
    path = (m.group("path") if m else "") or ftype
    if path.startswith("tensorflow_hub.") or "tensorflow_hub" in ftype:
        kind, diag = "hub-layer-keras3", "TF Hub KerasLayer (Keras 2) in a Keras 3 model"
        text = ("hub.KerasLayer is built on Keras 2 (tf_keras); with TensorFlow 2.16+ tf.keras is Keras 3, whose Sequential "
                "only accepts Keras 3 layers.")
        fix = ("pip install tf_keras and set TF_USE_LEGACY_KERAS=1 before importing tensorflow (then tf.keras is Keras 2),",
               "or pin tensorflow==2.15 / tensorflow_hub with it,",
               "or build the model with the functional API: x = hub.KerasLayer(url)(inputs) inside a tf_keras model.")
    elif path.startswith("function") or found.startswith("<function"):
        name = found.split()[1] if len(found.split()) > 1 else "the builder"
        kind, diag = "function-not-called", f"a function ({name}) instead of a layer"
        text = (f"A function ({name}) was passed instead of the layer or model it builds: it was not called "
                "(e.g. EfficientNetB2 instead of EfficientNetB2(include_top=False, ...)).")
        fix = (f"Call it: {name}(...) and add the returned model.",)
    elif found.startswith(("Tensor(", "<KerasTensor", "KerasTensor")) or "Tensor(" in found[:12]:
        kind, diag = "tensor-not-layer", "a tensor instead of a layer"
        text = ("A tensor (the output of Input(...) or of calling a layer) was added instead of a layer object; "
                "Sequential takes layers, the functional API takes tensors.")
        fix = ("Give the shape to the first layer (input_shape=...) or add keras.Input(shape=...) in Keras 3,",
               "or build the model with the functional API: keras.Model(inputs, outputs).")
    elif found in ("Ellipsis", "None") or found.startswith("<class"):
        kind, diag = "not-a-layer", f"{found} is not a layer"
        text = f"The object added to the Sequential model is {found}, not a layer instance (a placeholder or an uninstantiated class)."
        fix = ("Add an instantiated layer (Dense(10), not Dense or ...).",)
    else:
        pkg = _package(path) if path else None
        kind = "mixed-packages"
        if pkg:
            diag = f"layer from {pkg} in a model of another Keras package"
            text = (f"The refused object {path} comes from {pkg}, but the Sequential model belongs to the other Keras package; "
                    "each package only accepts its own Layer class.")
        else:
            diag = "layer from another Keras package"
            text = ("The refused object is not a Layer of the Keras package that built the Sequential model (mixed keras / "
                    "tf.keras / tf_keras imports, or a third-party layer built on another Keras).")
        fix = ("Import all layers and models from one package (from tensorflow.keras import layers, models) and rerun.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind, "diagnosis": diag})
