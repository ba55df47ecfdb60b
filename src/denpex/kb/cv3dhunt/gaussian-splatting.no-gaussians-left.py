"""Computed diagnosis for gaussian-splatting.no-gaussians-left: SH degree and the empty model."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        m = int(facts.get("sh_coeffs"))
    except (TypeError, ValueError):
        return None
    root = math.isqrt(m) if m > 0 else 0
    degree = f"SH degree {root - 1}" if root * root == m and root > 0 else f"{m} SH coefficients"
    text = (f"The features are [0, {m}, 3] ({degree}) with 0 rows: the model holds no Gaussians when the loss is "
            "back-propagated, so the rasterizer returns an SH gradient of [0, 0, 3]. The point cloud was empty from "
            "the start or pruning removed every point.")
    fix = (
        "check the start-up line 'Number of points at initialisation' (0 = empty/missing sparse points: re-run COLMAP/convert.py)",
        "print(gaussians.get_xyz.shape[0]) after densify_and_prune; if it falls to 0, relax min_opacity / size pruning "
        "or lower the learning rates that produce NaNs",
    )
    return Explanation(text=text, fix=fix, derived={})
