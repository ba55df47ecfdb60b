"""Computed diagnosis for jax.concretization-error: which Python conversion hit a tracer and what to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("error_class") or "")
    fn = str(facts.get("function") or "")
    aval = str(facts.get("aval") or "")
    traced = facts.get("traced_fn")
    where = f" while tracing {traced}" if traced else ""
    val = f" (a traced {aval})" if aval else ""
    scalar = aval.endswith("[]")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if cls == "TracerBoolConversionError" or fn == "bool":
        derived["what"] = "Python bool() on a traced value" + (f" {aval}" if aval else "")
        text = f"A traced value{val} was used as a Python bool{where}: an if / while / and / or / assert, or min()/max() on arrays."
        fix.append("If it is a flag or hyper-parameter: pass it as a Python value and mark it static (jax.jit(f, static_argnames=('flag',))).")
        fix.append("If it depends on data: jnp.where(cond, a, b) for values, lax.cond(pred, true_fn, false_fn, x) for branches, lax.while_loop for loops.")
        if aval and not scalar:
            fix.append(f"The value is an array ({aval}): reduce it explicitly (jnp.any / jnp.all) inside jnp.where/lax.cond.")
    elif cls == "TracerIntegerConversionError" or fn in ("int", "index", "__index__"):
        derived["what"] = "traced value used as a Python int/index" + (f" {aval}" if aval else "")
        text = f"A traced integer{val} was used where Python needs a real int{where}: range(n), a list/tuple index, a slice bound, or a shape argument."
        fix.append("Make sizes and counts static (static_argnames=('n',)) - shapes must be known at trace time.")
        fix.append("For data-dependent indexing use jnp.take / lax.dynamic_slice(x, (i,), (size,)) / x.at[i]; for loops use lax.fori_loop(0, n, body, init).")
    elif cls == "TracerArrayConversionError" or fn in ("array", "asarray", "__array__"):
        derived["what"] = "NumPy conversion of a traced array" + (f" {aval}" if aval else "")
        text = f"A traced array{val} was passed to NumPy (np.asarray / np.* / a library that converts to NumPy){where}; NumPy needs real data."
        fix.append("Use jax.numpy (jnp.*) inside traced code; convert to NumPy only outside jit (np.asarray(jitted_fn(x))).")
        fix.append("For host-side callbacks that really need NumPy: jax.pure_callback.")
    elif cls == "NonConcreteBooleanIndexError":
        derived["what"] = "boolean-mask indexing under jit" + (f" {aval}" if aval else "")
        text = f"x[mask] with a traced boolean mask{val}{where}: the result's length depends on the data, which jit cannot compile."
        fix.append("Keep the shape: jnp.where(mask, x, 0) (or a fill value) and reduce with a mask, e.g. jnp.sum(jnp.where(mask, x, 0)).")
        fix.append("Or use a static size: jnp.nonzero(mask, size=k, fill_value=...) / x[jnp.nonzero(mask, size=k)[0]].")
    elif fn in ("float", "complex"):
        derived["what"] = f"Python {fn}() on a traced value"
        text = f"A traced value{val} was converted with Python {fn}(){where} (often for logging or a Python-side computation)."
        fix.append("Keep it as a jnp array inside jit; log with jax.debug.print('{x}', x=x); convert with float() only outside jit.")
    else:
        derived["what"] = "concrete value needed" + (f" for {fn}()" if fn else "") + (f" ({aval})" if aval else "")
        text = f"A traced value{val}{where} reached code that needs a concrete Python value" + (f" ({fn})." if fn else ".")
        fix.append("Mark the argument static (static_argnums / static_argnames) if it is configuration, or rewrite the logic with jnp.where / lax.cond / lax loops if it is data.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
