"""Computed diagnosis for keras.optimizer-identifier-uninterpretable: which Keras the optimizer came from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ident = str(facts.get("identifier") or "").strip()
    if not ident:
        return None
    cls = ident.strip("<>").split(" object")[0]
    if ident.replace(".", "", 1).isdigit():
        problem = f"a number ({ident}) was passed as the optimizer"
        text = f"compile() received {ident} where the optimizer goes: an argument is in the wrong position."
        fix = ("Pass keywords: model.compile(optimizer=Adam(learning_rate=...), loss=..., metrics=[...]).",)
    elif cls.startswith("tensorflow.python.keras") or cls.startswith("tensorflow_core."):
        problem = f"tf.keras optimizer {cls} given to a model of another Keras"
        text = (f"The optimizer {cls} comes from TensorFlow's bundled Keras (tensorflow.python.keras), "
                "but the model was built with another Keras (standalone keras / Keras 3).")
        fix = ("Import the optimizer from the model's package: from keras.optimizers import Adam (standalone keras model), "
               "or build the whole model with tensorflow.keras.",)
    elif cls.startswith("keras.src.") or cls.startswith("keras.optimizers"):
        problem = f"Keras optimizer {cls} given to a model of another Keras"
        text = (f"The optimizer {cls} is from the keras package, but the model belongs to another Keras "
                "(tf_keras / Keras 2 library code under Keras 3, or the reverse).")
        fix = ("With Keras 3 (TF 2.16+) and Keras-2 code or libraries: pip install tf-keras and set TF_USE_LEGACY_KERAS=1 before importing tensorflow, "
               "then use tf.keras.optimizers.Adam.",
               "Or build model and optimizer from the same package (keras.* for both).")
    else:
        problem = f"optimizer {cls} not recognised by the model's Keras"
        text = (f"{cls} is not an optimizer of the Keras package that built the model: "
                "a third-party optimizer written for another Keras version, or mixed keras / tensorflow.keras imports.")
        fix = ("Check which Keras the optimizer's library supports (keras vs tf.keras, TF version) and match it, "
               "or switch to the built-in equivalent from the model's Keras.",)
    return Explanation(text=text, fix=fix, derived={"problem": problem})
