"""Computed diagnosis for jax.non-hashable-static-arg: what was passed static and how to make it hashable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("arg_type") or "")
    if not raw:
        return None
    t = raw.replace("<class '", "").replace("'>", "")
    short = t.rsplit(".", 1)[-1]
    fn = facts.get("function")
    idx = facts.get("index")
    where = f"static argument{f' (index {idx})' if idx is not None else ''}{f' of {fn}' if fn else ''}"
    if short in ("list", "dict", "set"):
        text = f"The {where} is a Python {short}; static arguments are cache keys and must be hashable."
        fix = (f"Pass tuple(...) instead of the {short} (nested: tuples of tuples; dict: tuple(sorted(d.items()))).",)
    elif "Array" in short or "ndarray" in short or "DeviceArray" in short:
        text = (f"The {where} is an array ({t}); arrays are not hashable and should not be static - "
                "their values would become compile-time constants.")
        fix = ("Remove that argument from static_argnums/static_argnames so it is traced,",
               "or pass a Python int/tuple (int(x), tuple(x.tolist())) if it is really a size or shape.")
    elif "FrozenDict" in short or "TrainState" in short or "params" in short.lower():
        text = f"Model parameters/state ({t}) were marked static in the {where}."
        fix = ("Do not mark params or train state static; pass them as traced arguments.",)
    else:
        text = (f"The {where} is a {t} instance that cannot be hashed (a mutable dataclass, or an object "
                "holding lists/arrays).")
        fix = (f"Make {short} hashable: @dataclasses.dataclass(frozen=True) with tuple fields, or define __hash__/__eq__,",
               "or split it: arrays as traced arguments, the rest as a hashable static value (equinox.filter_jit partitions this automatically).")
    inner = facts.get("inner_error")
    if inner:
        text += f" Python's error: {inner}."
    return Explanation(text=text, fix=fix, derived={"arg_type": t})
