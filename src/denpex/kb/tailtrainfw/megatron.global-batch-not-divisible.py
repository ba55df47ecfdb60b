"""Computed diagnosis for megatron.global-batch-not-divisible: propose global/micro batch values that fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        gbs = int(facts["global_batch"])
        mbs = int(facts["micro_batch"])
        dp = int(facts["data_parallel"])
    except (KeyError, TypeError, ValueError):
        return None
    if gbs <= 0 or mbs <= 0 or dp <= 0:
        return None
    unit = mbs * dp
    if gbs % unit == 0:
        return None
    lower = (gbs // unit) * unit
    upper = lower + unit
    derived: dict[str, Any] = {"unit": unit}
    fixes: list[str] = []
    if gbs < unit:
        derived["diagnosis"] = f"global batch {gbs} smaller than micro x DP = {unit}"
        text = (f"One step needs at least micro batch {mbs} x DP {dp} = {unit} samples, but the global batch is {gbs}.")
    else:
        derived["diagnosis"] = f"{gbs} leaves {gbs % unit} samples over {unit}"
        text = (f"Each accumulation round consumes micro batch {mbs} x DP {dp} = {unit} samples; {gbs} is not a multiple "
                f"of {unit} ({gbs % unit} left over).")
    if lower > 0:
        fixes.append(f"global_batch_size={lower} ({lower // unit} micro-batches per step) or {upper} ({upper // unit}).")
    else:
        fixes.append(f"global_batch_size={upper} (1 micro-batch per step).")
    if gbs % dp == 0:
        per_rank = gbs // dp
        mbs_ok = [m for m in range(min(per_rank, mbs), 0, -1) if per_rank % m == 0]
        if mbs_ok:
            fixes.append(f"Or keep global {gbs} and set micro_batch_size={mbs_ok[0]} ({per_rank // mbs_ok[0]} micro-batches per step).")
    else:
        dps = [d for d in range(dp - 1, 0, -1) if gbs % (mbs * d) == 0]
        if dps:
            fixes.append(f"Or change the layout so DP={dps[0]} (DP = GPUs / (TP x PP x CP)).")
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
