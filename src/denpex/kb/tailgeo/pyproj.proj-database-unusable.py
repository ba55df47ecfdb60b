"""Computed diagnosis for pyproj.proj-database-unusable: which PROJ data problem the wording shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    crs = str(facts.get("crs_input") or "").strip()
    code = crs
    if crs.lower().startswith("+init="):
        code = crs[6:].split()[0].upper()
    if sig == "no-database-context":
        diagnosis = "proj.db not found"
        text = (f"PROJ found no proj.db, so no code can be resolved ('{crs}' was just the first asked). "
                "PROJ_LIB/PROJ_DATA points to a folder without proj.db, or pyproj and PROJ come from different installs.")
        fix = ("unset PROJ_LIB PROJ_DATA  # then restart the kernel/process",
               "conda install -c conda-forge --force-reinstall pyproj proj  # or pip install --force-reinstall pyproj in a venv",)
    elif sig == "sqlite-schema-mismatch":
        col = facts.get("column") or "?"
        diagnosis = "proj.db from another PROJ version"
        text = (f"PROJ opened a proj.db whose schema lacks column '{col}': the database belongs to another PROJ "
                "version (PostGIS/QGIS/OSGeo4W or another env on PROJ_LIB).")
        fix = ("python -c \"import os,pyproj; print(pyproj.proj_version_str, pyproj.datadir.get_data_dir(), os.environ.get('PROJ_LIB'))\"",
               "unset PROJ_LIB PROJ_DATA  # or point them to the data dir printed above",)
    elif sig == "init-cannot-expand":
        diagnosis = "deprecated +init= syntax"
        text = (f"'{crs}' uses the +init= form that PROJ 6+ no longer expands reliably; use the authority code '{code}'.")
        fix = (f"CRS('{code}')  # e.g. gdf.to_crs('{code}') instead of {{'init': '{code.lower()}'}}",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
