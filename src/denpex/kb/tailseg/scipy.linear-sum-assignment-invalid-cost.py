"""Computed diagnosis for scipy.linear-sum-assignment-invalid-cost: NaN vs infeasible, detector vs tracker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRACKER = ("linear_assignment.py", "deep_sort", "tracker.py", "matching.py")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    matcher = str(facts.get("matcher") or "")
    tracker = any(t in matcher for t in _TRACKER)
    kind = "a tracker's association" if tracker else ("the set-prediction matcher " + matcher if matcher else "a Hungarian matcher")
    if sig == "cost-matrix-infeasible":
        diagnosis = "+inf costs that leave no complete assignment"
        text = (f"In {kind}, +inf marks forbidden pairs, and some row or column has only forbidden options, so no "
                "complete matching exists.")
        fix = ("Replace +inf by a large finite cost (e.g. cost[np.isinf(cost)] = 1e5) or gate pairs after matching.",)
    elif tracker:
        diagnosis = "NaN from detections or appearance features"
        text = ("The tracker's cost (IoU / cosine distance) contains NaN: a detection with zero area or an all-zero / NaN "
                "embedding (empty crop) entered the association.")
        fix = ("Drop detections with w<=0 or h<=0 before tracker.update(); normalise features with an epsilon.",
               "Guard: cost_matrix = np.nan_to_num(cost_matrix, nan=1e5, posinf=1e5).")
    else:
        diagnosis = "NaN from the model outputs or the targets"
        text = (f"{kind[0].upper() + kind[1:]} built a cost with NaN/-inf: the predictions are NaN (diverged training, fp16 "
                "overflow) or a target is degenerate (zero-size box -> NaN GIoU, wrong box format, empty mask).")
        fix = ("Check the loss log for nan/inf before the crash; lower LR, keep gradient clipping (max_norm 0.1), use fp32/bf16.",
               "Validate targets: boxes with positive width/height in the expected format (cxcywh normalised for DETR), non-empty masks.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
