"""Computed diagnosis for tf.tensorarray-per-step-resource-missing: which loop the array belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("array_name")
    if not name:
        return None
    name = str(name)
    scope = name.split("/TensorArray")[0]
    loop = scope.rsplit("/", 1)[-1] if "/" in scope else scope
    is_map = loop.startswith("map")
    in_loss = scope.startswith("loss")
    node = str(facts.get("node") or "")
    grad = "TensorArrayGrad" in node or "gradients" in node
    where = "the loss" if in_loss else f"scope '{scope}'"
    kind = "tf.map_fn" if is_map else "while_loop/TensorArray"
    text = f"The {kind} in {where} created TensorArray '{name}'"
    text += "; its gradient op ran when the array of that step no longer existed." if grad else "; it was looked up outside its step."
    fix = (f"Replace the {kind} in {where} with vectorised ops, or train with fit on a tf.data.Dataset / TF 2.x instead of fit_generator.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{kind} in {where}"})
