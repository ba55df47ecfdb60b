"""Computed diagnosis for kerastuner.build-not-keras-model: classify the object build() returned."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(received: str, rtype: str) -> tuple[str, str, tuple[str, ...]]:
    r = (rtype or received or "").strip()
    if r in ("NoneType", "None") or received.strip() == "None":
        return ("Keras Model (build() returned None)",
                "build(hp) returned None: the function has no return statement (or returns inside an if that was not taken).",
                ("End build(hp) with 'return model' after model.compile(...).",))
    if received.lstrip().startswith("(") or r in ("tuple", "list"):
        return ("single Keras Model (build() returned several objects)",
                "build(hp) returned a tuple/list: the tuner needs exactly one Model per trial.",
                ("Return only the model to tune; wrap several sub-models into one keras.Model if they train together.",))
    if r.startswith("tf_keras") or "tf_keras." in received:
        return ("Keras 3 Model (got a tf_keras/Keras 2 model)",
                "The model is a tf_keras (Keras 2) object while keras-tuner checks against Keras 3: "
                "TF_USE_LEGACY_KERAS=1 or a TF image that maps tensorflow.keras to tf_keras.",
                ("Build the model with 'import keras' (Keras 3) and unset TF_USE_LEGACY_KERAS, "
                 "or pin keras-tuner<1.4 with TensorFlow<2.16 to stay on Keras 2.",))
    if r.startswith("tensorflow.python.keras") or "tensorflow.python.keras" in received:
        return ("Model of the Keras the tuner imports (got tensorflow.python.keras)",
                "The model comes from tensorflow.python.keras (TF <= 2.5 internals, or an import of that private path), "
                "a different class than keras.Model that the tuner uses.",
                ("Import layers/models through 'from tensorflow import keras' (TF 2.x) or 'import keras' consistently; "
                 "never from tensorflow.python.keras.",))
    if r.startswith("keras.engine") or "<keras.engine" in received:
        return ("tf.keras Model (got a standalone keras 2 model)",
                "The model is a standalone keras 2.x object while this keras-tuner checks against tf.keras.",
                ("Replace 'import keras' by 'from tensorflow import keras' in the model code (or upgrade keras-tuner to match).",))
    if r.startswith("keras.src") or "<keras.src" in received:
        return ("Model of the tuner's Keras (got a Keras 3 model)",
                "The model is a Keras 3 object but the installed keras-tuner is bound to tf.keras (older than 1.4 or under TF_USE_LEGACY_KERAS).",
                ("Upgrade keras-tuner to 1.4+ (pip install -U keras-tuner) or build the model with tf.keras.",))
    return ("Keras Model",
            f"build(hp) returned {r or received}, which is not a keras.Model of the Keras the tuner imports.",
            ("Return one compiled model built with the same Keras package keras-tuner imports.",))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    received = str(facts.get("received") or "")
    rtype = str(facts.get("received_type") or "")
    if not received and not rtype:
        return None
    diagnosis, text, fix = _kind(received, rtype)
    derived = {"diagnosis": diagnosis}
    if not rtype:
        derived["received_type"] = received.strip("<( ").split(" object")[0][:120]
    return Explanation(text=text, fix=fix, derived=derived)
