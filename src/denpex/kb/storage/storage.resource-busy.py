"""Computed diagnosis for storage.resource-busy: NFS silly-rename vs mount point vs umount, from the path."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NFS = re.compile(r"(?:^|/)\.nfs[0-9a-fA-F]{8,}")
_TEMP = ("/tmp/", "/var/tmp/", "pymp-", "tmp")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    derived: dict[str, Any] = {}
    if not path:
        derived["problem"] = "Device or resource busy (EBUSY): something still uses the file, directory or mount"
        return Explanation(
            text="An operation was refused with EBUSY: the object is in use - an open file on NFS (.nfs silly rename), a mount point being removed or renamed, or a device in use.",
            fix=("lsof +D <dir>; findmnt -T <path>  # who holds it, and is it NFS or a mount point",
                 "Close files/workers before deleting; keep TMPDIR on local disk"),
            derived=derived)
    base = posixpath.basename(path.rstrip("/"))
    parent = posixpath.dirname(path.rstrip("/"))
    if _NFS.search(path):
        derived["busy_kind"] = "nfs-silly-rename"
        where = parent or "the directory being removed (relative path: the finalizer's temp dir)"
        temp = not parent or any(t in path for t in _TEMP)
        derived["problem"] = f"NFS file still open while its directory was deleted: {path}"
        text = (f"{base} is an NFS 'silly-renamed' file: something deleted a file that a process still had open, and NFS keeps it "
                f"under this name until that process closes it, so removing {where} fails.")
        fix = [f"lsof +D {parent or '<dir>'} 2>/dev/null | grep -F .nfs  # the process holding it (often a DataLoader worker, memmap, log writer or another job)"]
        if temp:
            text += " A relative .nfs path from shutil.rmtree usually comes from a temp directory cleaned at exit (multiprocessing/tempfile) that lives on NFS."
            fix.insert(0, "export TMPDIR=/tmp  (or node-local scratch) before launching, so temp dirs are not on NFS")
        else:
            fix.insert(0, "Close the files before deleting: stop DataLoader workers/pools, del memmaps, close writers, let the evaluator finish; then delete (rank 0, after a barrier)")
        fix.append("For cleanup code: shutil.rmtree(path, ignore_errors=True) or retry after the holders exit; the .nfs file disappears by itself then")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("umount"):
        derived["busy_kind"] = "umount"
        derived["problem"] = f"Cannot unmount {path}: processes still use it (target is busy)"
        return Explanation(
            text=f"umount refused because processes still have files open, memory maps or their working directory under {path} (a training job, a DataLoader worker, a shell cd'ed into it).",
            fix=(f"fuser -vm {path}; lsof +f -- {path}  # the users; stop them or cd elsewhere, then umount {path}",
                 f"umount -l {path}  # lazy detach as a last resort: it disappears when the last user exits"),
            derived=derived)
    derived["busy_kind"] = "in-use-or-mount-point"
    derived["problem"] = f"{path} is busy (in use or a mount point)"
    return Explanation(
        text=(f"{path} is in use: either it is a mount point (a container volume / bind mount, /dev/shm, a mounted filesystem), which can be "
              "emptied but not removed, renamed or - while processes use it - unmounted, or a process holds it open."),
        fix=(f"findmnt {path}  # listed as a TARGET -> it is a mount point: delete its contents instead, or mount the volume one level higher",
             f"fuser -vm {path}; lsof +f -- {path}  # processes using it; stop them (or cd elsewhere) before umount/rmtree",
             "For a rename over a mounted cache dir: point the tool at a subdirectory of the mount"),
        derived=derived)
