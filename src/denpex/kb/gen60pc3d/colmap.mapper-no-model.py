"""Computed diagnosis for colmap.mapper-no-model: why the mapper ended without a model, from the lines before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "")
    if cause.startswith("No images with matches"):
        diagnosis = ": no image has verified matches (matching step found nothing)"
        text = ("The database holds no matched image pairs, so the mapper had nothing to start from. The matching step "
                "failed or ran on other images: rerun feature extraction and exhaustive_matcher on the same database "
                "and check the inlier counts.")
        fix = ("colmap exhaustive_matcher --database_path database.db  # then rerun the mapper",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if cause:
        diagnosis = ": no good initial image pair"
        text = ("The mapper found no image pair with enough verified inlier matches and triangulation angle to start a "
                "model, discarded every attempt and wrote nothing to sparse/. This is an input problem: too few or too "
                "similar images, too little overlap or parallax, or poor texture.")
        fix = ("add overlapping images taken from different positions (not a pan from one spot), drop blurred frames",
               "colmap mapper ... --Mapper.init_min_num_inliers 50 --Mapper.init_min_tri_angle 4  # relaxed start",
               "use exhaustive_matcher for unordered photos")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return Explanation(
        text=("The mapper ended without any reconstruction; the mapper output above (initial pair search, registered "
              "images) says why. Most often no image pair had enough matches and parallax to start."),
        fix=("grep -E 'No good initial|Registering image|num_inliers' on the COLMAP output",),
        derived={"diagnosis": ""},
    )
