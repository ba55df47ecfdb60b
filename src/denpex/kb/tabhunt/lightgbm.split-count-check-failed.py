"""Computed diagnosis for lightgbm.split-count-check-failed: which child, which LightGBM era, GPU or CPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _major(version: str) -> int | None:
    try:
        return int(str(version).split(".")[0])
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    side = facts.get("side")
    if side not in ("left", "right"):
        return None
    sig = facts.get("_signature") or ""
    version = facts.get("version")
    gpu = facts.get("gpu")
    line = facts.get("source_line")
    where = f" (serial_tree_learner.cpp line {line})" if line else ""
    parts = [f"The split LightGBM picked would leave the {side} child empty{where}."]
    fix: list[str] = []
    major = _major(version) if version else None
    if sig == "check-legacy":
        era = "LightGBM 2.3.x wording"
        parts.append("The unparenthesised wording is printed by LightGBM 2.3.x.")
        fix.append("Upgrade: pip install -U 'lightgbm>=4.0'.")
    elif major is not None and major >= 4:
        era = f"LightGBM {version}"
        parts.append(f"The log shows LightGBM {version}, which already has the 3.x fix: look at the options (cegb_*, zero leaf minimums) or the GPU.")
    else:
        era = f"LightGBM {version}" if version else "LightGBM 3.x wording"
        parts.append(("LightGBM " + version if version else "This wording (LightGBM 3.0-3.3.x)")
                     + " has the known histogram/partition bug of issue #3679, fixed after 3.3.2.")
        fix.append("Upgrade: pip install -U 'lightgbm>=4.0'.")
    if gpu:
        parts.append("The run used the OpenCL GPU learner, which gives this error instead of an out-of-memory error when the data does not fit on the card.")
        fix.append("Train with device_type='cpu' (or device_type='cuda' on a CUDA build) or reduce rows/features for the GPU.")
        diagnosis = f"{side}-count check on the OpenCL GPU learner ({era})"
    else:
        diagnosis = f"{side}-count check ({era})"
    fix.append("Keep min_child_samples/min_data_in_leaf >= 1 and min_sum_hessian_in_leaf > 0; remove cegb_penalty_* options.")
    fix.append("Workaround on an old build: change max_bin (255 -> 127) or drop the feature that triggers it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
