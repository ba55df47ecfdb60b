"""Computed diagnosis for cuda.kernel-launch-zero-blocks: which launch helper and what N means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n = int(facts["blocks"])
    except (KeyError, TypeError, ValueError):
        return None
    origin = str(facts.get("origin_file") or "")
    if origin == "launch.h":
        lib = "spconv 2.x (cumm tensorview)"
    elif origin in ("helper_launch.h", "cuda_utils.h"):
        lib = "spconv 1.x tensorview (or a vendored copy in mmcv/bevfusion/Det3D)"
    else:
        lib = "a CUDA extension's launch helper"
    if n == 0:
        diagnosis = f": empty input to {lib}"
        text = (f"{lib} was asked to launch a kernel over 0 elements: the op received no points/voxels/active sites. "
                "Usually every point was filtered out (range, frame, units, augmentation) or an earlier GPU op did not run on this GPU.")
        fix = ("Print the number of points and voxels per sample before the sparse backbone; skip or pad empty samples.",
               "Check POINT_CLOUD_RANGE and the point frame/units against your data.",
               "If it fails on the first sample on this GPU only: install the spconv-cuXXX wheel that supports this GPU/CUDA.")
    else:
        diagnosis = f": negative element count {n} (integer overflow)"
        text = f"{lib} got a negative element count ({n}): a size overflowed int32 (far too many points/voxels or a corrupt count)."
        fix = ("Reduce the number of points/voxels per batch and check the counts fed to the op.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
