"""Computed diagnosis for numpy.python-int-out-of-bounds: the dtype's range, how far the value is off, a dtype that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ALIASES = {"ubyte": "uint8", "byte": "int8", "ushort": "uint16", "short": "int16", "uintc": "uint32", "intc": "int32",
            "ulonglong": "uint64", "longlong": "int64", "ulong": "uint64", "long": "int64"}


def _range(dtype: str) -> tuple[int, int] | None:
    d = _ALIASES.get(dtype, dtype)
    for bits in (8, 16, 32, 64):
        if d == f"uint{bits}":
            return 0, 2**bits - 1
        if d == f"int{bits}":
            return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    return None


def _fitting(value: int) -> str:
    if value >= 0:
        for bits in (8, 16, 32, 64):
            if value <= 2**bits - 1:
                return f"uint{bits}"
    for bits in (8, 16, 32, 64):
        if -(2 ** (bits - 1)) <= value <= 2 ** (bits - 1) - 1:
            return f"int{bits}"
    return "object / Python int"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value, dtype = facts.get("value"), str(facts.get("dtype") or "")
    rng = _range(dtype)
    if not isinstance(value, int) or rng is None:
        return None
    lo, hi = rng
    rtext = f"{lo}..{hi}"
    fits = _fitting(value)
    warn = facts.get("_signature") == "deprecation-warning"
    verb = "is silently wrapped now and raises OverflowError on NumPy 2" if warn else "raises OverflowError under NumPy 2's promotion rules"
    text = f"{value} is outside {dtype}'s range {rtext}; putting it into {dtype} {verb}."
    fix: list[str] = []
    if value < 0 and lo == 0:
        text += " A negative value meets an unsigned type: a -1 sentinel/fill value, or a subtraction on unsigned data."
        fix.append(f"Use a signed type ({fits}) or the unsigned sentinel np.iinfo(np.{dtype}).max = {hi} instead of {value}.")
    elif dtype in ("uint16", "ushort") and value > hi:
        text += " Values above 65535 in a uint16 array are typically token ids of a vocabulary larger than 65536 (e.g. Qwen/Llama-3 tokenizers)."
        fix.append("Store token ids as np.uint32 (and read them back with the same dtype, e.g. np.memmap(..., dtype=np.uint32)).")
    elif dtype in ("uint8", "ubyte", "int8", "byte"):
        text += " With 8-bit data this is usually pixel/byte arithmetic that needs a wider intermediate type."
        fix.append(f"Convert before the arithmetic: int(x) for a scalar, or x.astype(np.{'int32' if value < 0 else 'uint16'}) / x.astype(np.float32) for arrays.")
    else:
        fix.append(f"Use a dtype that holds {value}: {fits}.")
    fix.append("If wrap-around is really intended, make it explicit: np.array(value).astype(dtype).")
    return Explanation(text=text, fix=tuple(fix), derived={"dtype_range": rtext, "fitting_dtype": fits})
