"""Computed diagnosis for keras.h5-no-model-config: name the file and the loading call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    if path.startswith("<") and "GFile" in path:
        text = ("load_model opened the file through a GFile object (tf.io path handling), and the file holds weights only: "
                "there is no model_config attribute to rebuild the architecture from.")
        target = "the .h5 file"
    else:
        text = f"{path} holds weights only (no model_config attribute); load_model cannot rebuild the model from it."
        target = path
    first = (f"Build the model in code and call model.load_weights('{target}')." if target != "the .h5 file"
             else "Build the model in code and call model.load_weights(<path of the .h5>).")
    fix = (first, "Or re-save the trained model with model.save('model.keras') to keep the architecture.")
    return Explanation(text=text, fix=fix, derived={})
