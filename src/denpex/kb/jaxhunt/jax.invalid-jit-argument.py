"""Computed diagnosis for jax.invalid-jit-argument: what kind of object reached JAX and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dtype = facts.get("dtype")
    raw = str(facts.get("arg_type") or "")
    if not raw and not dtype:
        return None
    if not raw:
        text = (f"An array of dtype {dtype} (a NumPy object array: ragged lists, mixed types, or wrapped "
                "buffers) was given to JAX; only numeric arrays are supported.")
        return Explanation(text=text, fix=("Build a numeric array first (pad ragged data, np.asarray(x, dtype=np.float32)).",),
                           derived={"kind": "object-array"})
    t = raw.replace("<class '", "").replace("'>", "")
    short = t.rsplit(".", 1)[-1]
    path = facts.get("path")
    at = f" (argument path {path})" if path else ""
    if short == "NoneType":
        kind = "None"
        text = f"None reached a JAX transformation as an array argument{at}: an optional input or a function that returned nothing."
        fix = ("Find where the value becomes None (missing return, optional batch key) or drop it from the arguments.",)
    elif short in ("function", "method", "builtin_function_or_method", "partial"):
        kind = "callable"
        text = f"A Python callable was passed as a traced argument{at}."
        fix = ("Close over the function or mark it static: jax.jit(f, static_argnums=(i,)) / static_argnames.",)
    elif "Device" in short:
        kind = "device"
        text = f"A device object ({t}) was passed as a traced argument{at}."
        fix = ("Pass devices through jax.device_put(x, device) or jit's in/out shardings, not as a function argument.",)
    elif "ArrayMetadata" in short or "orbax" in t:
        kind = "orbax-metadata"
        text = ("The tree holds Orbax ArrayMetadata placeholders, not arrays: the checkpoint was read as metadata "
                "(restore without a target or from .metadata()).")
        fix = ("Restore with an abstract target: ckptr.restore(path, args=ocp.args.StandardRestore(jax.eval_shape(init_fn, ...)))",
               "or pass item=/target= so real arrays are materialised.")
    elif "torch" in t or "cupy" in t or "dask" in t or "tensorflow" in t:
        kind = "foreign-tensor"
        text = f"A {t} (not a JAX/NumPy array) was passed to JAX{at}."
        fix = ("Convert first: jnp.asarray(np.asarray(t.detach().cpu())) or jax.dlpack.from_dlpack(t).",)
    elif short in ("str", "bytes"):
        kind = "string"
        text = f"A string was passed as a traced argument{at}."
        fix = ("Mark it static (static_argnames=...) or map it to an integer/array outside jit.",)
    elif path == "self" or (path or "").startswith("self"):
        kind = "method-self"
        text = f"jax.jit was applied to a method, so the instance ({t}) is traced as argument 'self'."
        fix = ("Jit a free function taking arrays, register the class as a pytree (flax.struct.dataclass / eqx.Module),",
               "or use jax.jit(..., static_argnums=0) if the instance is hashable and holds no arrays to trace.")
    else:
        kind = "unregistered-class"
        text = f"An object of type {t}{at} is neither an array nor a registered pytree, so JAX cannot trace it."
        fix = (f"Register {short} as a pytree (@flax.struct.dataclass, equinox.Module, jax.tree_util.register_dataclass),",
               "or pass it static (static_argnames, hashable) / close over it.")
    fn = facts.get("function")
    if fn:
        text += f" Function: {fn}."
    return Explanation(text=text, fix=fix, derived={"kind": kind})
