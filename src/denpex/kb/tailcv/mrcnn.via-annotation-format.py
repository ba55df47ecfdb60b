"""Computed diagnosis for mrcnn.via-annotation-format: which layout mismatch this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    key = facts.get("key") or ""
    if sig == "regions-list-values":
        return Explanation(
            text=(f"'regions' is a list (VIA 2.x/3.x export) but the loader calls .{key or 'values'}() as for VIA 1.x, "
                  "where it was a dict."),
            fix=("regions = a['regions']; regions = regions.values() if isinstance(regions, dict) else regions",),
            derived={"diagnosis": "VIA 2.x regions list"},
        )
    if sig == "project-file-strings":
        return Explanation(
            text=("The loader indexes a string: the JSON is most likely a VIA project save (top-level _via_settings, "
                  "_via_img_metadata) rather than an annotation export."),
            fix=("Use d['_via_img_metadata'].values() as the per-image records, or export 'Annotations as json' from VIA.",),
            derived={"diagnosis": "VIA project file instead of annotation export"},
        )
    if sig == "non-polygon-shape":
        return Explanation(
            text=(f"A region has no '{key}': it is a rectangle, circle, ellipse or point, which VIA stores with "
                  "x/y/width/height or cx/cy/r."),
            fix=("Skip regions whose shape_attributes['name'] is not 'polygon'/'polyline', or convert them "
                 "(rect -> 4 corner points; circle/ellipse -> skimage.draw.ellipse).",),
            derived={"diagnosis": "non-polygon VIA region"},
        )
    return None
