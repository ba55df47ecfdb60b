"""Computed diagnosis for detectron2.loss-nan: early (data) vs late (optimisation) divergence, which terms."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TERM = re.compile(r"'([A-Za-z0-9_]{1,60})': (?:tensor\()?(nan|-?inf)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    it = facts.get("iteration")
    bad = [m.group(1) for m in _TERM.finditer(str(facts.get("loss_dict") or ""))]
    terms = f" Non-finite terms: {', '.join(bad)}." if bad else ""
    box_terms = any("box" in t or "loc" in t or "reg" in t for t in bad)
    if sig == "box-deltas":
        text = ("The box head produced infinite/NaN regression deltas: degenerate ground-truth boxes "
                "(zero size, wrong bbox_mode) or a diverging learning rate.")
        fix = ("Check that every annotation's bbox_mode matches its coordinates and width/height > 0.",
               "Lower SOLVER.BASE_LR (0.02 * IMS_PER_BATCH / 16) and enable SOLVER.CLIP_GRADIENTS.")
        return Explanation(text=text, fix=fix, derived={"phase": "box head"})
    if not isinstance(it, int):
        return None
    if it < 20:
        text = (f"The loss was already non-finite at iteration {it}: the data or config is invalid from the start, "
                f"not a slow divergence.{terms}")
        fix = ("Validate annotations: bbox_mode (COCO json = BoxMode.XYWH_ABS), boxes with w>0/h>0 inside the image, "
               "category ids within NUM_CLASSES.",
               "Check MODEL.ROI_HEADS.NUM_CLASSES equals the number of thing_classes and the weights loaded are the intended ones.")
        phase = "start (data/config)"
    else:
        text = (f"Training ran {it} iterations before the loss became non-finite: the optimisation diverged "
                f"(learning rate too high for the batch, AMP overflow, or one corrupt sample).{terms}")
        fix = ("Set SOLVER.BASE_LR = 0.02 * SOLVER.IMS_PER_BATCH / 16 (e.g. 0.0025 for batch 2) with WARMUP_ITERS 1000.",
               "Enable SOLVER.CLIP_GRADIENTS (norm, 1.0); try SOLVER.AMP.ENABLED False.")
        phase = "mid-training (optimisation)"
    if box_terms and it >= 20:
        fix = fix + ("Box terms diverged: also check for a few degenerate boxes that only appear later in the data order.",)
    return Explanation(text=text, fix=fix, derived={"phase": phase, "nonfinite_terms": ", ".join(bad)})
