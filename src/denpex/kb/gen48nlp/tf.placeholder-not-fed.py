"""Explain tf.placeholder-not-fed from the placeholder's name and dtype."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# automatic names: tf.placeholder() -> Placeholder, Placeholder_1 ...; Keras Input() -> input_1, input_2 ...
_AUTO = {"Placeholder", "input", "Input"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("placeholder") or "")
    if not name:
        return None
    dtype = str(facts.get("dtype") or "")
    base = name.rsplit("/", 1)[-1]
    if base.startswith("keras_learning_phase") or (dtype == "bool" and "learning_phase" in name):
        diag = "learning-phase"
        text = (f"'{name}' is Keras' training flag (bool): a layer such as BatchNormalization or Dropout needs it and "
                "this call path does not feed it.")
        fix = ("keras.backend.set_learning_phase(0) (inference) or (1) (training) before building the model,",
                "or add K.learning_phase() to the inputs of your K.function / feed_dict.")
    elif re.search(r"_\d+$", base) and re.sub(r"_\d+$", "", base) not in _AUTO:
        diag = "duplicate-build"
        root = re.sub(r"_\d+$", "", base)
        text = (f"'{name}' is a renamed copy of Input '{root}': the model (or that Input) was built again in the same "
                "graph, and the data goes to another copy than the one the fetched output uses.")
        fix = ("Call keras.backend.clear_session() before rebuilding (or restart the kernel), and build the model once.",
               "Do not mix keras and tf.keras layers in one model (bert4keras: set TF_KERAS=1 before import for tf.keras).")
    else:
        diag = "missing-feed"
        text = f"The graph needs placeholder '{name}' ({dtype}) and feed_dict has no value for it."
        fix = (f"Add the tensor for '{name}' to feed_dict (sess.run(..., feed_dict={{{base}: value}})), or fetch an output "
               "that does not depend on it.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
