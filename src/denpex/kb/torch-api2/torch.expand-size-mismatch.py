"""Computed diagnosis for torch.expand-size-mismatch: align the target and tensor shapes from the right,
spot a missing trailing axis, a smaller last batch, or an off-by-one from stride rounding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: Any) -> list[int] | None:
    if not text:
        return None
    inner = str(text).strip().strip("[]").strip()
    if not inner:
        return []
    try:
        return [int(p) for p in inner.split(",")]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    x, y, dim = facts.get("target_size"), facts.get("existing_size"), facts.get("dim")
    if x is None or y is None:
        return None
    target, tensor = _shape(facts.get("target_shape")), _shape(facts.get("tensor_shape"))
    parts = [f"expand can only stretch size-1 dimensions; at dimension {dim} the tensor has {y} but the target needs {x}."]
    fix: list[str] = []
    derived: dict[str, Any] = {}
    what = f"Cannot expand size {y} to {x} at dimension {dim}"
    if target is not None and tensor is not None and len(tensor) < len(target):
        k = len(tensor)
        lead = target[:k]
        if tensor == lead:
            missing = len(target) - k
            idx = "[" + ", ".join([":"] * k + ["None"] * missing) + "]"
            derived["cause"] = "missing-trailing-axes"
            what += f": tensor {facts.get('tensor_shape')} is aligned to the right of {facts.get('target_shape')} - add {missing} trailing axis/axes"
            parts.append(
                f"Shapes are aligned from the right: {facts.get('tensor_shape')} is matched against the last {k} dimension(s) of "
                f"{facts.get('target_shape')}, but its sizes equal the FIRST {k}. It needs {missing} trailing size-1 axis/axes before expanding."
            )
            fix.append(f"Add the axes: x{idx}.expand({', '.join(str(t) for t in target)}) (or x.reshape({', '.join(str(t) for t in tensor + [1] * missing)}).expand_as(y)).")
    if "cause" not in derived and abs(x - y) <= 2 and (dim == 0):
        derived["cause"] = "last-batch"
        what += " (a fixed batch size meets a smaller batch)"
        parts.append("Dimension 0 differing by a little usually means a tensor was built for a fixed batch size and this (last) batch is smaller.")
        fix.append("Size it from the input (x.size(0)) or use DataLoader(drop_last=True).")
    elif "cause" not in derived and abs(x - y) == 1:
        derived["cause"] = "stride-rounding"
        what += " (off by one: input size not divisible by the stride)"
        parts.append("A difference of one in a spatial dimension usually comes from an input size not divisible by the model's stride (strided slicing / downsampling rounds).")
        fix.append("Pad or crop the input to a multiple of the stride (e.g. 32 or 64) before the model.")
    elif "cause" not in derived:
        derived["cause"] = "size-mismatch"
        fix.append("Print both shapes on the failing line, align them from the right, and fix the tensor built for the wrong size (classes, channels, sequence length) or add the missing axis with unsqueeze.")
    derived["what"] = what
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
