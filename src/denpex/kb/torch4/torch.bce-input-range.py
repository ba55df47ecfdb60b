"""Computed diagnosis for torch.bce-input-range: input vs target out of range, NaN from old THNN value."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    which = facts.get("which") or ("input" if facts.get("_signature") in ("thnn-assert", "cuda-kernel-assert", "aten-cuda-kernel-assert") else None)
    if not which:
        return None
    raw = facts.get("value")
    try:
        value = float(raw) if raw is not None else None
    except ValueError:
        value = None
    if which == "target":
        text = "The BCE targets contain values outside [0, 1]: labels are not 0/1 (0/255 masks, 1/2 class ids, -1/+1 labels)."
        fix = ("Print target.unique()[:10]; convert: mask.float() / 255, (labels == pos).float(), or (y + 1) / 2.",)
        return Explanation(text=text, fix=fix, derived={"what": "BCE target values outside [0, 1]", "cause": "target-range"})
    if isinstance(value, float) and math.isnan(value):
        text = "BCE received NaN predictions: the run diverged before this loss (NaN fails the [0, 1] check)."
        fix = ("Find where NaN starts (torch.autograd.set_detect_anomaly(True)); lower the learning rate, clip gradients, check fp16/AMP.",)
        return Explanation(text=text, fix=fix, derived={"what": "NaN predictions reached BCELoss", "cause": "nan"})
    shown = f" (got {value:g})" if isinstance(value, float) else ""
    text = (f"BCE received predictions outside [0, 1]{shown}: the model outputs logits (no final sigmoid), or NaN if the error "
            "appeared after many good steps.")
    fix = ("Drop the final sigmoid and use nn.BCEWithLogitsLoss on the raw outputs.",
           "If training ran fine before this step, check for NaN: print(torch.isnan(pred).any()).")
    return Explanation(text=text, fix=fix, derived={"what": "BCE input values outside [0, 1] (logits or NaN)", "cause": "input-range"})
