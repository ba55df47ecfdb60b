"""Computed diagnosis for keras.model-not-built: which call needed weights and how to build first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    if not caller and not facts.get("_signature"):
        return None
    what = f"model.{caller}()" if caller else "the call"
    text = (f"{what} needs the model's weights, but the model was never built: no input shape was declared and it was not "
            "called on data yet (Sequential without keras.Input / input_shape, or a subclassed model).")
    fix = [f"Build first: model.build(input_shape=(None, ...)) or model(x_batch), then {what}.",
           "Or declare the input when defining the model: keras.Input(shape=...) as the first layer."]
    if caller == "summary":
        fix.append("For container models (tfrs.Model, GAN/VAE wrappers) summarise the sub-models that were called.")
    return Explanation(text=text, fix=tuple(fix), derived={"caller": caller or "a weights-dependent method"})
