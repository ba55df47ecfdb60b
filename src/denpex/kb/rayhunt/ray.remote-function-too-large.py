"""Computed diagnosis for ray.remote-function-too-large: how far over the limit, and the Tune-specific fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    size = facts.get("size")
    if not name or size is None:
        return None
    unit = facts.get("unit") or "bytes"
    kind = facts.get("kind") or "definition"
    thr = facts.get("threshold")
    over = f" ({size / thr:.1f}x the limit)" if thr else ""
    fix = ["Find the captured object: ray.util.inspect_serializability(<fn>) lists the non-importable globals/closure values.",
           f"Pass it by reference: ref = ray.put(obj) and give ref as an argument to {name} instead of using it from the enclosing scope."]
    if "ImplicitFunc" in str(name):
        text = (f"Ray Tune wraps your function trainable as the actor ImplicitFunc; it pickles to {size} {unit}{over} because the "
                "training function uses a large object (dataset, model, DataFrame) defined outside it.")
        fix.insert(1, "tune.Tuner(tune.with_parameters(train_fn, data=data), ...) and read data from the function's arguments.")
    else:
        text = f"The {kind} {name} pickles to {size} {unit}{over}: its body refers to a large object from the enclosing scope, which cloudpickle copies into the definition."
    return Explanation(text=text, fix=tuple(fix), derived={})
