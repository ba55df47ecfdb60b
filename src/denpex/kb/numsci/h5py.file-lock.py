"""Computed diagnosis for h5py.file-lock: another holder (EAGAIN) vs a filesystem without locks (ENOLCK/ENOSYS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    errno, reason = facts.get("errno"), str(facts.get("reason") or "")
    action = str(facts.get("action") or "open")
    if not isinstance(errno, int):
        return None
    if errno in (11, 35) or "temporarily unavailable" in reason:
        cause = "another process holds the file open"
        text = (f"HDF5 could not {action} the file because another process holds a conflicting lock (errno {errno}: {reason}): "
                "a writer is open elsewhere (notebook kernel, another run, rank 0 or a worker that opened it with 'a'/'r+').")
        fix = ("Open it read-only in every reader: h5py.File(path, 'r'), opened inside each worker rather than in the parent.",
               "Find and close the other handle: lsof FILE (restart the notebook kernel / kill the stale process).")
        if action == "create":
            fix = fix + ("For 'w' mode, another process still has the old file open: write to a new name or close the reader first.",)
    elif errno in (37, 38) or "No locks" in reason or "not implemented" in reason:
        cause = "filesystem without file-lock support"
        text = (f"The filesystem refuses locks altogether (errno {errno}: {reason}): typical for NFS without lockd, Lustre mounted "
                "without flock, or FUSE mounts. Every HDF5 open there fails until locking is disabled.")
        fix = ("export HDF5_USE_FILE_LOCKING=FALSE before starting Python (or set os.environ before importing h5py/tables/netCDF4).",
               "Or per file with h5py 3.5+: h5py.File(path, 'r', locking=False); or keep the file on local disk.")
    elif errno == 5:
        cause = "I/O error from the filesystem while locking"
        text = "The lock call itself failed with an I/O error: the underlying (network) filesystem has a problem."
        fix = ("Check the mount (dmesg, df, ls on the directory); copy the file to local disk and retry.",)
    else:
        cause = f"lock failed with errno {errno}"
        text = f"HDF5 could not lock the file: errno {errno} ({reason})."
        fix = ("Retry with HDF5_USE_FILE_LOCKING=FALSE to confirm it is the lock, then find the cause for that errno.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
