"""Computed diagnosis for jax.unexpected-tracer: which traced value leaked and from which kind of trace."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KIND = {
    "DynamicJaxprTracer": "a jit / lax control-flow trace (jax.jit, lax.scan, lax.cond, while_loop, or a Flax/equinox transform built on them)",
    "JVPTracer": "a differentiation trace (jax.grad / jax.jvp / value_and_grad)",
    "LinearizeTracer": "a differentiation trace (jax.linearize / grad)",
    "BatchTracer": "a vmap trace (jax.vmap, or a library that vmaps over an axis)",
    "JaxprTracer": "a partial-evaluation trace (grad of jit, remat, older jit)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    aval = str(facts.get("aval") or "").strip()
    kind = str(facts.get("tracer_kind") or "").strip()
    where = _KIND.get(kind, "a JAX transformation")
    detail = ""
    if aval:
        detail = f": a {aval} value from {where}"
    parts = ["A value created inside " + where + " was stored outside the function's outputs and used after that trace ended."]
    if aval:
        parts.append(f"The leaked value has type {aval}" + (" (a scalar)" if aval.endswith("[]") else "") +
                     "; search the traced function for an intermediate of that shape assigned to self.<attr>, a global, a list or a cache.")
    fix = ["Wrap the failing call in `with jax.checking_leaks():` to make JAX stop at the line where the tracer escapes.",
           "Return the value from the transformed function (or carry it through the lax.scan carry) instead of storing it."]
    if kind == "BatchTracer":
        fix.append("For vmap: do not collect per-example values into a Python list inside the vmapped function; return them.")
    elif kind in ("JVPTracer", "LinearizeTracer"):
        fix.append("For grad: use has_aux=True to get auxiliary values out of jax.grad/value_and_grad instead of writing them to an outer variable.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"detail": detail})
