"""Computed diagnosis for torchio.subject-inconsistent-attribute: which images disagree and how."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ITEM = re.compile(r"'([^']+)':\s*(\([^)]*\))")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attribute = facts.get("attribute")
    if not isinstance(attribute, str) or not attribute:
        return None
    values = facts.get("values") if isinstance(facts.get("values"), str) else ""
    items = _ITEM.findall(values or "")
    groups: dict[str, list[str]] = {}
    for name, val in items:
        groups.setdefault(re.sub(r"\s+", "", val), []).append(name)
    split = ""
    if len(groups) > 1:
        split = " Groups: " + "; ".join(f"{', '.join(v)} = {k}" for k, v in groups.items()) + "."
    if attribute == "orientation":
        diagnosis = "orientation differs"
        text = "The images of the subject are stored with different axis orders." + split
        fix = ("Add tio.ToCanonical() before any other transform (or reorient the files to RAS).",)
    elif attribute == "shape" and len(groups) > 1:
        dims = [tuple(x.strip() for x in k.strip("()").split(",") if x.strip()) for k in groups]
        if all(len(d) == len(dims[0]) for d in dims) and len({d[1:] for d in dims}) == 1:
            diagnosis = "channel count differs"
            text = "Only the channel dimension differs: one image is 4D / multi-channel, the spatial grid is the same." + split
            fix = ("Use spatial_shape-based code paths (newer TorchIO) or split/merge the channels so every image has the same number of channels.",)
        else:
            diagnosis = "voxel grid differs"
            text = "The images have different spatial sizes." + split
            fix = ("Resample all images to one reference: tio.Resample('<reference image name>'), then tio.CropOrPad if needed.",)
    elif attribute in ("spacing", "affine", "direction", "origin"):
        diagnosis = f"{attribute} differs"
        text = f"The images differ in {attribute}." + split
        fix = ("tio.Resample('<reference image name>') puts all images on one grid; tio.CopyAffine('<reference>') when the difference is only rounding.",)
    else:
        diagnosis = "voxel grid differs"
        text = f"The images differ in {attribute}." + split
        fix = ("Resample all images to one reference: tio.Resample('<reference image name>'), then tio.CropOrPad if needed.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
