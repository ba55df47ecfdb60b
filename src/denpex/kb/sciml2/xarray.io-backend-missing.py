"""Computed diagnosis for xarray.io-backend-missing: which package to install or whether the file is at fault."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PKG = {"netcdf4": "netCDF4", "h5netcdf": "h5netcdf", "scipy": "scipy", "zarr": "zarr", "cfgrib": "cfgrib eccodes",
        "rasterio": "rioxarray", "ee": "xee", "pydap": "pydap", "pynio": "pynio", "kerchunk": "kerchunk"}


def _names(s: str) -> list[str]:
    return re.findall(r"'([\w.-]+)'", s or "")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "unrecognized-engine":
        eng = str(facts.get("engine") or "")
        pkg = _PKG.get(eng, eng)
        have = [n for n in _names(str(facts.get("installed") or "")) if n != "store"]
        return Explanation(
            text=f"engine='{eng}' was requested but it is not installed; this interpreter only has {have or 'no IO engines'}.",
            fix=(f"pip install {pkg}  (in the interpreter/kernel that runs the code)", "python -c 'import xarray as xr; print(list(xr.backends.list_engines()))'"),
            derived={"problem": f"engine '{eng}' not installed", "package": pkg},
        )
    if sig == "compatible-not-installed":
        comp = _names(str(facts.get("compatible") or ""))
        pkgs = " ".join(_PKG.get(c, c) for c in comp) or "netCDF4 h5netcdf"
        return Explanation(
            text=f"xarray recognises the file as readable by {comp} but none of those packages is importable.",
            fix=(f"pip install {pkgs}", f"then open_dataset(..., engine='{comp[0] if comp else 'netcdf4'}')"),
            derived={"problem": f"reader for {comp} not installed", "package": pkgs},
        )
    if sig == "no-backends":
        return Explanation(
            text="No xarray IO package is installed at all.",
            fix=("pip install 'xarray[io]'",),
            derived={"problem": "no IO backends installed"},
        )
    if sig == "no-match":
        have = [n for n in _names(str(facts.get("installed") or "")) if n != "store"]
        if {"netcdf4", "h5netcdf"} & set(have):
            text = (f"Installed engines {have} include netCDF readers, yet none recognised the input: the file is probably missing, "
                    "empty, truncated, an HTML/LFS placeholder, or another format (GRIB -> cfgrib, GeoTIFF -> rioxarray).")
            fix = ("ls -l <path>; head -c 8 <path> | xxd", "re-download the file / fix the path", "GRIB: engine='cfgrib'; GeoTIFF: rioxarray.open_rasterio")
            problem = "input not recognised by the installed engines"
        else:
            text = f"Only {have or 'no engines'} are installed and none can read this file; the netCDF readers are missing."
            fix = ("pip install netCDF4 h5netcdf", "or pip install 'xarray[io]'")
            problem = "netCDF readers not installed"
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    if sig == "cannot-guess":
        return Explanation(
            text="xarray 0.18.0 could not guess the engine (e.g. file name without .nc).",
            fix=("pass engine='netcdf4' (or h5netcdf/scipy) explicitly", "or upgrade xarray"),
            derived={"problem": "engine not guessable"},
        )
    return None
