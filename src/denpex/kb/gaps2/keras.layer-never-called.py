"""Computed diagnosis for keras.layer-never-called: which layer, which attribute, and the Keras 3 reading."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    layer = str(facts.get("layer") or "")
    who = f"Layer {layer}" if layer else "A layer"
    prop = {"input": ".input", "output": ".output", "input shape": ".input_shape", "output shape": ".output_shape"}.get(attr, attr)
    parts = [f"{who} was asked for its {attr} ({prop}) before it was ever called on an input, so it has none."]
    fix: list[str] = []
    if layer.startswith("sequential"):
        parts.append(f"{layer} is a Sequential model Keras named itself: under Keras 3 (TensorFlow 2.16+) a Sequential without a keras.Input first layer has no {attr} until it is built or called.")
        fix.append("Give the model an input: keras.Sequential([keras.Input(shape=...), ...]), or call it once on a batch / model.build((None, ...)) before reading .input / .output.")
        fix.append("If the call is inside a library written for Keras 2 (deepface, Grad-CAM helpers): pip install tf-keras and export TF_USE_LEGACY_KERAS=1, or upgrade the library, or pin tensorflow<2.16.")
    else:
        fix.append("Build the model functionally from keras.Input (subclassed models have no static input/output), or call the layer on data before reading it.")
        fix.append("For Keras 2 code on Keras 3: pip install tf-keras and export TF_USE_LEGACY_KERAS=1, or pin tensorflow<2.16.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
