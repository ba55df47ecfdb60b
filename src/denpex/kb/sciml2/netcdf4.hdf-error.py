"""Computed diagnosis for netcdf4.hdf-error: lock vs write-to-open-file vs library clash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "<file>")
    lock = facts.get("lock")
    op = str(facts.get("operation") or "")
    if lock:
        return Explanation(
            text=f"HDF5 could not lock {path} ({lock}): the file system does not support locks or another process holds the file.",
            fix=("export HDF5_USE_FILE_LOCKING=FALSE  (before Python starts, or os.environ before importing netCDF4/h5py/xarray)",
                 f"or copy {path} to a local disk / wait for the writer to finish"),
            derived={"cause": "HDF5 file lock failed"},
        )
    if op == "to_netcdf":
        return Explanation(
            text=f"Writing {path} failed: most often the same file is still open (an xarray Dataset loaded from it) or the target is on a lockless file system.",
            fix=("ds = ds.load(); src.close() before to_netcdf to the same path, or write to a new path and rename",
                 "export HDF5_USE_FILE_LOCKING=FALSE on NFS/Lustre/GPFS"),
            derived={"cause": "write to an open or lockless file"},
        )
    return Explanation(
        text=(f"HDF5 refused to open {path}. Check, in this order: file locking (HDF5_USE_FILE_LOCKING=FALSE), two HDF5 libraries "
              "(h5py imported before netCDF4 with pip wheels), a truncated file."),
        fix=(f"HDF5_USE_FILE_LOCKING=FALSE python -c \"import netCDF4; netCDF4.Dataset('{path}').close()\"",
             "import netCDF4 before h5py, or install both from conda-forge",
             f"ncdump -h {path}  # fails too -> re-download"),
        derived={"cause": "HDF5 open failed (lock / library clash / corrupt)"},
    )
