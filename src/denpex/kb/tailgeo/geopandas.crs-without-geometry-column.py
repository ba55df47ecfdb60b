"""Computed diagnosis for geopandas.crs-without-geometry-column: which geopandas wording/version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    variant = str(facts.get("variant") or "")
    if not variant:
        return None
    if variant.startswith("Supply geometry"):
        diagnosis = "geopandas 0.11-0.13: no column named 'geometry'"
        text = ("geopandas 0.11-0.13 wording: the frame has no column named 'geometry' and geometry= was not passed. "
                "If this came from gpd.read_file right after a shapely upgrade, it is the 0.11.1 + shapely 1.8.3 + pygeos clash.")
        fix = ("gpd.GeoDataFrame(df, geometry='<your geometry column>', crs=...)",
               "pip install 'shapely==1.8.2'  # or uninstall pygeos / upgrade geopandas, for the read_file case")
    else:
        diagnosis = "geopandas 0.14+: no active geometry column"
        text = "geopandas 0.14+/1.x wording: no active geometry column (WKT text column, other name, or geometry dropped by a selection)."
        fix = ("df = df.set_geometry(gpd.GeoSeries.from_wkt(df['<wkt column>']), crs=...)",
               "keep the geometry column in column selections before .crs / .to_crs")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
