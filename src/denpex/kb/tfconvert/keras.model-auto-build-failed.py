"""Computed diagnosis for keras.model-auto-build-failed: where the symbolic build failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "")
    call = str(facts.get("layer_call") or "")
    where = f" in {call}()" if call else ""
    on = f" on the {backend} backend" if backend else ""
    text = (f"Keras 3 tried to build the model{on} by running call() on symbolic tensors shaped like the first batch, and that "
            f"trace failed{where}. The error after 'Exception encountered' (or the chained traceback) is the cause.")
    fix = [f"Fix the failure{where}: use keras.ops instead of numpy/.numpy()/Python branching on tensor values, and make sure call() exists and accepts the batch structure.",
           "Or build it yourself first: model(x_batch) on one real batch (or model.build(input_shape)), then fit."]
    if backend in ("torch", "jax"):
        fix.append(f"If the same model works with the tensorflow backend, the code is TF-eager specific; rewrite it with keras.ops for {backend}.")
    inner = f" (failure{where})" if call else " (the cause follows 'Exception encountered' or is the chained error)"
    return Explanation(text=text, fix=tuple(fix), derived={"inner": inner})
