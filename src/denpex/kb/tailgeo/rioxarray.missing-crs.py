"""Computed diagnosis for rioxarray.missing-crs: name the variable and the write_crs call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("data_var") or "").strip()
    note = f" (data variable {var})" if var else ""
    target = f"ds['{var}']" if var else "da"
    text = ("The array has no CRS that rioxarray can read, so it cannot reproject/clip" + note
            + ". Declare the CRS its x/y coordinates are in (write_crs does not transform the data).")
    fix = (f"{target} = {target}.rio.write_crs('EPSG:4326')  # use the real CRS of the coordinates",
           f"{target}.rio.set_spatial_dims(x_dim='lon', y_dim='lat')  # if the dims are not x/y")
    return Explanation(text=text, fix=fix, derived={"data_var_note": note})
