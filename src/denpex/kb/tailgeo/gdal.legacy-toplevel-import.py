"""Computed diagnosis for gdal.legacy-toplevel-import: the osgeo import line to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    if not module:
        return None
    text = (f"'{module}' is a GDAL 2.x-era top-level alias; GDAL 3 installs it only as osgeo.{module}. "
            "GDAL itself is probably installed: check with from osgeo import gdal.")
    fix = (f"from osgeo import {module}  # replaces: import {module}",
           f"try:\n    from osgeo import {module}\nexcept ImportError:\n    import {module}")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"legacy import of {module}"})
