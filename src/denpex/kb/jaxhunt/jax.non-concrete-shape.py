"""Computed diagnosis for jax.non-concrete-shape: which entries of the shape are not concrete ints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    shape = str(facts.get("shape") or "")
    fn = facts.get("function")
    arg = facts.get("argument")
    if not shape and not fn and not arg:
        return None
    where = f" while tracing {fn}" if fn else ""
    if "Traced" in shape or arg:
        kind = "traced"
        text = f"The shape {shape or '(...)'} contains a traced value{where}: a size computed from array values under jit/vmap."
        if arg:
            text += f" It depends on the argument {arg}."
        fix = (f"Make that size static: jax.jit(..., static_argnames=({arg!r},))" if arg else
               "Make the size a static argument (static_argnums/static_argnames) or compute it from x.shape,",
               "or use a fixed maximum size with padding/masking (e.g. jnp.nonzero(x, size=MAX)).")
    elif "None" in shape:
        kind = "unknown-dim"
        text = (f"The shape {shape} contains None: an unknown (symbolic) dimension, typically the batch axis of a Keras "
                "KerasTensor traced by the JAX backend.")
        fix = ("Use keras.ops.shape(x) and -1 in reshapes instead of building shapes from x.shape with None entries,",
               "or give the Input a fixed batch_size if the model really needs it.")
    else:
        kind = "non-integer"
        text = f"The shape {shape} contains a non-integer entry (a float from '/' or a NumPy/JAX scalar array)."
        fix = ("Use integer arithmetic (//) and int(...) on concrete values for shape entries.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
