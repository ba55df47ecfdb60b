"""Computed diagnosis for spconv.v1-api-removed: the 2.x replacement for the 1.x name that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "").strip()
    if not name:
        return None
    if name.startswith("VoxelGenerator"):
        hint = "voxel generators were removed in 2.x"
        fix = (f"Replace 'from spconv.utils import {name}' with 'from spconv.pytorch.utils import PointToVoxel' "
               "(torch tensors) or 'from spconv.utils import Point2VoxelCPU3d' and adapt the constructor "
               "(vsize_xyz, coors_range_xyz, num_point_features, max_num_points_per_voxel, max_num_voxels) "
               "and the call (generate_voxel_with_id / point_to_voxel).",
               "or copy OpenPCDet's VoxelGeneratorWrapper, which supports both spconv 1.x and 2.x")
    elif name == "SparseModule":
        hint = "moved to spconv.pytorch.modules"
        fix = ("import spconv.pytorch as spconv  (SparseModule is spconv.pytorch.SparseModule / "
               "spconv.pytorch.modules.SparseModule)",)
    else:
        hint = "the PyTorch layers moved to spconv.pytorch"
        fix = (f"Replace 'import spconv' with 'import spconv.pytorch as spconv' (then spconv.{name} resolves), "
               f"or 'from spconv.pytorch import {name}'.",)
    text = (f"The code uses the spconv 1.x name {name}; the installed spconv is 2.x ({hint}). "
            "Port the import, or install the spconv 1.2.1 source build the project pins.")
    return Explanation(text=text, fix=fix, derived={"hint": hint})
