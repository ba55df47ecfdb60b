"""Computed diagnosis for opencv.estimate-affine-empty-points: say when it is a tracker's GMC step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("func") or "estimateAffinePartial2D")
    frame = str(facts.get("user_frame") or facts.get("raised_in") or "")
    if "gmc" in frame.lower() or "cmc" in frame.lower():
        where = f" in the tracker's camera-motion compensation ({frame}): no keypoint matches on this frame"
    else:
        where = " (no matched points, or two lists of different length)"
    return Explanation(
        text=(f"{func} needs two N x 2 point arrays of equal length; one was empty (no matches, shape (0,)) or they "
              "differed in length. In a tracker this is the camera-motion compensation on a frame without keypoint matches."),
        fix=("Only call the estimator when both arrays have the same N >= 5 rows; otherwise use the identity warp for the frame.",),
        derived={"func": func, "where": where},
    )
