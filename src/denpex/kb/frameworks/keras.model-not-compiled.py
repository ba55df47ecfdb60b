"""Computed diagnosis for keras.model-not-compiled: which call needed compile and why the model lacked it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = facts.get("method")
    loaded = facts.get("loaded_uncompiled")
    derived: dict[str, Any] = {"method_text": f" ({method})" if method else ""}
    parts = [f"{method + '()' if method else 'A training/evaluation call'} ran on a Keras model that has no loss/optimizer attached (compile() was never called on this object)."]
    fix = []
    if loaded:
        parts.append("The model came from load_model and the file carries no training configuration ('No training configuration found in save file'), so it was loaded uncompiled.")
        fix.append("Right after load_model, call model.compile(optimizer=..., loss=<the training loss>, metrics=[...]); weights are kept.")
    if method in ("train_on_batch", "test_on_batch"):
        parts.append(f"{method} is typical of GAN / multi-model loops: every model you call it on needs its own compile().")
        fix.append("Compile each sub-model you train (discriminator, and the combined model after freezing the discriminator).")
    fix.append("Call model.compile(optimizer='adam', loss=..., metrics=[...]) on the same model object just before fit/evaluate; if you build a new Model around it (or clone it), compile that one.")
    if method in ("evaluate", "evaluate_generator", "test_on_batch"):
        fix.append("If you only need outputs, model.predict(x) works without compile.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
