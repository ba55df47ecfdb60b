"""Computed diagnosis for captum.non-tensor-value: say which check fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "elements-to-be-reduced":
        return Explanation(
            text=("Captum could not concatenate the results of its internal batches: the forward function (or the "
                  "attributed layer) returned something other than a Tensor or a tuple of Tensors."),
            fix=("Make the forward return a Tensor (e.g. lambda *x: model(*x).logits) and, for layer methods, attribute a "
                 "layer whose output is a single Tensor.",),
            derived={"where": "forward/layer output"},
        )
    if sig == "given-input-not-tensor":
        return Explanation(
            text=("A value Captum must enable gradients on is not a Tensor: an attribute() input/baseline (NumPy, list, "
                  "dict) or, in layer attribution, the hooked layer's output/input (tuple holding None)."),
            fix=("Convert inputs with torch.as_tensor(...); for layer methods check type(layer(x)) and attribute a "
                 "sub-module that returns a Tensor.",),
            derived={"where": "inputs or layer tensors"},
        )
    return None
