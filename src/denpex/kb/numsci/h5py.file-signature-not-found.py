"""Computed diagnosis for h5py.file-signature-not-found: which library refused the file and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("path") or "")
    target = path or "FILE"
    if sig == "netcdf-unknown-format":
        problem = "netCDF library recognised neither a netCDF nor an HDF5 header"
        text = (f"netCDF4 could not recognise {target} as netCDF-3 or netCDF-4/HDF5: the bytes are something else "
                "(Git LFS pointer, HTML download page, GRIB/HDF4 file, or an empty/partial download).")
    elif sig == "h5py-legacy":
        problem = "no HDF5 signature (h5py 1.x)"
        text = "h5py found no HDF5 signature in the file; HDF4 files (e.g. MODIS .hdf) give this too."
    else:
        problem = "no HDF5 signature at the start of the file"
        text = ("HDF5 found no signature in the file: it is not an HDF5 file (Git LFS pointer, HTML page, "
                "another format with an .h5 name, or an empty download).")
    fix = (f"Look at the file: ls -l {target}; head -c 200 {target} - 'version https://git-lfs' means run git lfs pull, "
           "'<html' means the download link returned a web page.",
           "Download the real file again and check its size/checksum before use.")
    if path.endswith((".hdf", ".HDF", ".he4", ".hdf4")):
        fix = fix + ("An .hdf file is often HDF4, which h5py/netCDF4 cannot read: open it with pyhdf, GDAL/rioxarray or satpy.",)
    return Explanation(text=text, fix=fix, derived={"problem": problem})
