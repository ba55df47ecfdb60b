"""Computed diagnosis for jax.sharding-not-divisible: the nearest valid sizes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        dim = int(facts["dim"])
        n = int(facts["divisor"])
        size = int(facts["size"])
    except (KeyError, TypeError, ValueError):
        return None
    if n <= 0:
        return None
    lo = (size // n) * n
    hi = lo + n
    what = facts.get("what") or "an array"
    kp = facts.get("key_path")
    shape = facts.get("shape")
    text = (f"{what}{f' ({kp})' if kp else ''}: dimension {dim} has size {size}"
            f"{f' (shape {shape})' if shape else ''}, which does not split into {n} equal shards "
            f"({size} % {n} = {size % n}).")
    fix = []
    if dim == 0:
        text += " Dimension 0 is usually the batch: a batch size that is not a multiple of the data-parallel devices, or a last partial batch."
        fix.append(f"Use a batch size that is a multiple of {n} ({lo if lo else n} or {hi}) and drop the last partial batch (drop_remainder=True).")
    else:
        fix.append(f"Pad dimension {dim} from {size} to {hi} (a multiple of {n}) or shard it over fewer mesh axes / replicate it in the PartitionSpec.")
    fix.append("Or change the mesh so the product of the axes used for this dimension divides it.")
    return Explanation(text=text, fix=tuple(fix), derived={"nearest_lower": lo, "nearest_upper": hi})
