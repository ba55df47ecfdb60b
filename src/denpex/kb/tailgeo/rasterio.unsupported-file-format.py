"""Computed diagnosis for rasterio.unsupported-file-format: guess the cause from the path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DRIVERS = {
    ".hdf": ("HDF4", "MODIS/ASTER HDF4 needs the HDF4 driver, absent from rasterio wheels"),
    ".hdf4": ("HDF4", "HDF4 needs the HDF4 driver, absent from rasterio wheels"),
    ".sid": ("MrSID", "MrSID is a proprietary driver, absent from most GDAL builds"),
    ".ecw": ("ECW", "ECW is a proprietary driver, absent from most GDAL builds"),
    ".jp2": ("JP2OpenJPEG", "JPEG2000 needs the OpenJPEG driver"),
    ".img": ("HFA/ENVI", "an .img is Erdas HFA or ENVI (needs the .hdr beside it)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return None
    low = path.lower()
    base = low.replace("\\", "/").rsplit("/", 1)[-1]
    ext = "." + base.rsplit(".", 1)[-1] if "." in base else ""
    if low.startswith(("/vsicurl", "http://", "https://", "s3://", "/vsis3")):
        diagnosis = "remote object unreadable"
        text = f"'{path}' is remote: the server returned something that is not the raster (error page, expired signature, 404)."
        fix = ("Open the URL with curl -I to check the status, re-sign it (planetary_computer.sign) or set AWS_NO_SIGN_REQUEST=YES for public buckets.",)
    elif ext in _DRIVERS:
        drv, why = _DRIVERS[ext]
        diagnosis = f"{drv} driver missing"
        text = f"'{path}': {why}."
        fix = (f"python -c \"from rasterio.env import Env; print('{drv.split('/')[0]}' in Env().drivers())\"",
               "conda install -c conda-forge rasterio gdal  # builds with the optional drivers, or convert with gdal_translate")
    elif ext in (".tif", ".tiff", ".vrt", ".png", ".jpg"):
        diagnosis = "file content is not a raster"
        text = (f"'{path}' has a raster extension but GDAL cannot read it: usually a Git LFS pointer, an HTML error "
                "page, a truncated download or a file still being written.")
        fix = (f"head -c 200 '{path}'; ls -l '{path}'  # 'version https://git-lfs' or '<html' = not a raster",
               "git lfs pull, or re-download the file and compare its size/checksum")
    else:
        diagnosis = "unknown format"
        text = f"No GDAL driver claims '{path}' (extension '{ext or 'none'}')."
        fix = (f"gdalinfo --formats | grep -i '{ext.lstrip('.') or 'tif'}'",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "extension": ext})
