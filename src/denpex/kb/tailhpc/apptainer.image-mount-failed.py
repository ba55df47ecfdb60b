"""Computed diagnosis for apptainer.image-mount-failed: corrupt image vs unsupported compression vs slow file system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REBUILD = "apptainer build --mksquashfs-args '-comp gzip' image-gzip.sif image.sif   # on a host that can read it; or apptainer build --sandbox img/ image.sif"
_REPULL = "Delete the cached image and pull it again (apptainer cache clean; or remove it from the workflow's singularity cache dir), then check apptainer sif list image.sif"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = str(facts.get("reason") or "").strip()
    low = reason.lower()
    comp = next((c for c in ("lz4", "zstd", "xz", "lzo", "lzma") if c in low), "")
    if comp or "compression" in low:
        diag = f"the image uses {comp or 'a'} squashfs compression this host's squashfs/squashfuse cannot read"
        fix = [_REBUILD, "Or upgrade Apptainer (newer bundled squashfuse supports more compressors)."]
    elif sig == "bad-superblock":
        diag = "the kernel cannot read the squashfs superblock: unsupported compression on this kernel, or a truncated/corrupt image"
        fix = [_REPULL, "unsquashfs -s on the image shows its compression; " + _REBUILD]
    elif sig == "squashfuse-timeout":
        secs = facts.get("seconds")
        diag = f"squashfuse did not finish mounting within {secs}s: slow first read of the image (network file system such as CVMFS/NFS)" if secs \
            else "squashfuse did not finish mounting in time: slow read of the image"
        fix = ["Retry the job (the second attempt usually finds the image cached).",
               "Copy the image to node-local disk or $TMPDIR and run it from there.",
               "Upgrade Apptainer (later releases wait longer for the FUSE mount)."]
    elif "input/output error" in low or "went wrong trying to read" in low:
        diag = "reading the image failed: truncated or corrupt file, or an I/O error on the file system holding it"
        fix = [_REPULL, "Copy the image to local disk and retry; check the file system (dmesg, quota) if copies also fail."]
    elif "invalid argument" in low:
        diag = "the kernel refused the squashfs partition (invalid argument): corrupt/incomplete image or a compression/feature this kernel lacks"
        fix = [_REPULL, _REBUILD]
    else:
        diag = "the image's squashfs root filesystem could not be mounted" + (f" ({reason})" if reason else "")
        fix = [_REPULL, "Copy the image to local disk and retry.", _REBUILD]
    status = facts.get("status")
    text = f"The container did not start: {diag}." + (f" squashfuse_ll exit status {status}." if status is not None else "")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diag})
