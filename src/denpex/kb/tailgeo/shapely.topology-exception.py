"""Computed diagnosis for shapely.topology-exception: invalid input vs robustness failure, and where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = str(facts.get("reason") or "")
    x, y = facts.get("x"), facts.get("y")
    where = f" at ({x}, {y})" if x is not None and y is not None else ""
    lonlat = x is not None and y is not None and abs(float(x)) <= 180 and abs(float(y)) <= 90
    units = " (looks like lon/lat degrees)" if lonlat else (" (projected units)" if where else "")
    if sig == "input-geom-invalid":
        idx = facts.get("geom_index")
        which = {0: "the geometry the method was called on (left operand)", 1: "the other operand"}.get(idx, f"operand {idx}")
        diagnosis = "invalid input geometry"
        text = f"Input {idx} - {which} - is invalid: {reason}{where}{units}. Repair it before the overlay."
        fix = ("gdf['geometry'] = shapely.make_valid(gdf.geometry.values)  # shapely 2",
               "gdf['geometry'] = gdf.geometry.buffer(0)  # shapely 1.x fallback")
    elif sig == "robustness-failure":
        diagnosis = "GEOS precision/robustness failure"
        text = f"GEOS lost robustness ({reason}{where}{units}) on nearly coincident edges."
        fix = ("pip install -U shapely  # GEOS 3.13 wheels fix several of these",
               "shapely.set_precision(geoms, 1e-6)  # snap before the overlay (coarser grid if needed)")
    elif sig == "shapely1-operation-failed":
        op = str(facts.get("operation") or "GEOS")
        diagnosis = "invalid input geometry (shapely 1.x)"
        text = f"shapely 1.x could not run {op} because an operand is invalid."
        fix = ("geom = geom.buffer(0)  # or upgrade to shapely 2 and use shapely.make_valid",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "where": where})
