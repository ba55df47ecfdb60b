"""Computed diagnosis for torch.dtype-cast: which category the in-place store loses (float -> integer,
complex -> real, -> bool) from the two dtypes, and the usual caller read from the failing line (clamp_
bounds, state_dict averaging, BCE targets, integer division with out=)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_INT = {"Long", "Int", "Short", "Byte", "Char", "long int", "long long int", "int", "short int", "unsigned char", "signed char", "unsigned int", "__int64", "long", "short", "UInt16", "UInt32", "UInt64"}
_FLOAT = {"Float", "Double", "Half", "BFloat16", "float", "double", "c10::Half", "c10::BFloat16"}


def _kind(d: str) -> str:
    if d in _INT or d.startswith(("int", "uint")):
        return "integer"
    if d in ("Bool", "bool"):
        return "bool"
    if d.startswith(("Complex", "c10::complex")):
        return "complex"
    if d in _FLOAT or d.startswith("Float8"):
        return "floating"
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    res = str(facts.get("result_dtype") or "")
    out = str(facts.get("output_dtype") or "")
    if not out:
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    rk, ok = _kind(res), _kind(out)
    cast = {"integer": ".long()", "bool": ".bool()", "floating": ".float()"}.get(ok, ".to(x.dtype)")
    lost = f"a {rk} result ({res}) into a {ok} tensor ({out})" if res and rk and ok else f"a {res or 'wider'} result into a {out} tensor"
    parts = [f"An in-place operation or out= argument tried to store {lost}; PyTorch (>= 1.5) refuses stores that lose a category (floating -> integer, complex -> real, anything -> bool)."]
    fix: list[str] = []
    low = code.lower()
    if "clamp_" in code and ("gain" in code or ok == "integer"):
        headline = f"In-place clamp_ with floating bounds on an integer tensor ({out})" + where
        parts.append("The bounds passed to clamp_ are floating tensors (gain[...] in YOLOv5-derived build_targets), and an integer tensor is clamped in place; PyTorch 1.12 began rejecting this.")
        fix.append("Make the bounds integers: gj.clamp_(0, gain[3].long() - 1), gi.clamp_(0, gain[2].long() - 1) (or int(gain[3]) - 1); or apply the upstream YOLOv5 fix for build_targets.")
    elif re.search(r"state_dict|num_batches_tracked|weight_accumulator|average|aggregate|\bema\b|update_per_layer", low + " " + frame.func.lower()) or (re.search(r"\.add_\(|\+=", code) and ok == "integer" and re.search(r"\bdata\b|param|weight|update|delta", low)):
        headline = f"averaging/accumulating weights hit an integer buffer ({out})" + where
        parts.append(f"The loop adds a floating update into every entry of a state_dict, including integer buffers such as BatchNorm's num_batches_tracked ({out}).")
        fix.append("Skip non-floating entries (if not tensor.is_floating_point(): continue - copy them instead), or cast the update: data.add_(update.to(data.dtype)).")
    elif re.search(r"binary_cross_entropy|bce", low + " " + frame.func.lower()):
        headline = f"binary cross-entropy with {out} targets" + where
        parts.append("Binary cross-entropy losses compute in floating point and expect floating targets of the same shape as the logits; integer (Long) targets fail here.")
        fix.append("Pass targets.float() (BCEWithLogitsLoss/binary_cross_entropy); use CrossEntropyLoss for integer class indices instead.")
    elif re.search(r"torch\.div\(|\.div_\(|/=|true_divide", code) and ok == "integer":
        headline = f"true division into an integer tensor ({out})" + where
        parts.append("Division with torch.div / / is true (floating) division since PyTorch 1.5; writing it into an integer out= tensor or dividing an integer tensor in place fails.")
        fix.append("Use floor division: torch.div(a, b, rounding_mode='floor', out=...) or a // b (integer result), or make the target floating.")
    elif ok == "bool":
        headline = f"a {res} result stored into a bool tensor" + where
        parts.append("A bool tensor (a mask) is modified in place with arithmetic; booleans only hold logical results.")
        fix.append("Use logical ops for masks (mask |= other, mask.logical_or_(other)) or convert the mask first (mask = mask.long()/float()).")
    elif rk == "complex":
        headline = f"a complex result stored into a real tensor ({out})" + where
        parts.append("The operation produced complex values (an FFT or complex operand) and writes them into a real tensor.")
        fix.append("Take .real/.abs() of the complex result before storing it, or make the target complex.")
    else:
        headline = f"result type {res} can't be stored in {out}" + where
        fix.append(f"Cast the operand to the target's dtype (y.to(x.dtype), e.g. {cast}), make the target {rk or 'wider'} (x = x.to(torch.{'float32' if rk == 'floating' else 'float32'})), or use the out-of-place form x = x + y.")
    if code:
        parts.append(f"Line: `{code}`.")
    if not fix:
        fix.append("Cast the operand to the target's dtype or use the out-of-place form.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline[0].upper() + headline[1:]})
