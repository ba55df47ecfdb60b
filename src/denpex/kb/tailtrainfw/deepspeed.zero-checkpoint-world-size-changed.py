"""Computed diagnosis for deepspeed.zero-checkpoint-world-size-changed: compare the two DP sizes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        saved = int(facts["saved_dp"])
        current = int(facts["current_dp"])
    except (KeyError, TypeError, ValueError):
        return None
    if saved <= 0 or current <= 0:
        return None
    if saved == current:
        return None
    if current > saved:
        direction = "scaled up"
        ratio = current / saved
    else:
        direction = "scaled down"
        ratio = saved / current
    diagnosis = f"data-parallel size {direction} from {saved} to {current}"
    text = (f"The optimizer state in this checkpoint is split into {saved} ZeRO shards (one per data-parallel rank), "
            f"but the job now runs {current} data-parallel ranks ({direction} x{ratio:g}). ZeRO cannot re-split the "
            "shards on load.")
    fix = [f"Relaunch with {saved} data-parallel ranks (GPUs / (tensor parallel x pipeline parallel) = {saved}) to resume as saved."]
    if current < saved:
        fix.append(f"On fewer GPUs, convert to a universal checkpoint (ds_to_universal.py) and load with load_universal, or keep DP={saved} by lowering TP/PP only if the model still fits.")
    else:
        fix.append("To use the extra GPUs, convert to a universal checkpoint (ds_to_universal.py) and resume with \"checkpoint\": {\"load_universal\": true}.")
    fix.append("Weights only: python zero_to_fp32.py <ckpt_dir> <out> and start a new run (optimizer state is lost).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
