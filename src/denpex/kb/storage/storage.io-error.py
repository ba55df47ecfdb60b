"""Computed diagnosis for storage.io-error: which storage layer the evidence points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FUSE_HINTS = ("/gcs/", "gcsfuse", "/s3/", "s3fs", "mountpoint", "blobfuse", "/mnt/blob", "/dbfs/", "/gdrive", "/content/drive")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = facts.get("device")
    target = facts.get("lustre_target")
    detail = facts.get("lustre_detail")
    path = facts.get("path")
    if device:
        sector = facts.get("sector")
        where = f" (sector/block {sector})" if sector is not None else ""
        return Explanation(
            text=f"The kernel reports I/O errors on block device {device}{where}: the disk or its controller is failing. Files on it may be unreadable or truncated.",
            fix=(
                f"smartctl -a /dev/{device} || nvme smart-log /dev/{device}  # confirm the hardware fault",
                "Drain the node and report the device; rerun on another node and verify the last checkpoint before resuming.",
            ),
            derived={"layer": "block-device"},
        )
    if target:
        return Explanation(
            text=f"The Lustre server {target} evicted this client; every I/O in progress on that target failed (EIO), typically after network trouble or delayed lock callbacks.",
            fix=(
                "dmesg -T | grep -E 'LustreError|Lustre:' | tail -30  # when and why; report the eviction with the node name to the storage admins",
                "Restart the job from the last verified checkpoint once the mount has recovered (lfs check servers).",
            ),
            derived={"layer": "lustre"},
        )
    if detail:
        return Explanation(
            text=f"The Lustre client logged an error ({detail[:120]}); I/O on that filesystem may have failed with EIO.",
            fix=("dmesg -T | grep -E 'LustreError|Lustre:' | tail -30; lfs check servers",),
            derived={"layer": "lustre"},
        )
    if path:
        low = str(path).lower()
        if any(h in low for h in _FUSE_HINTS):
            return Explanation(
                text=f"Reading or writing {path} failed with EIO on what looks like a FUSE object-store mount; the FUSE daemon mapped a cloud error or timeout to EIO.",
                fix=(
                    f"findmnt -T {path}  # confirm the FUSE type, then read the daemon's log",
                    "Write checkpoints to local disk and upload them, or retry with backoff; check the bucket's quota and permissions.",
                ),
                derived={"layer": "fuse"},
            )
        folder = str(path).rsplit("/", 1)[0] or "/"
        return Explanation(
            text=f"The kernel returned EIO for {path}: the storage under {folder} failed (disk fault, network filesystem timeout or eviction, FUSE error).",
            fix=(
                f"findmnt -T {folder}; dmesg -T | grep -iE 'I/O error|nfs|Lustre|fuse' | tail -20",
                "Retry; if it persists, move the data/output to healthy storage and verify the last checkpoint before resuming.",
            ),
            derived={"layer": "unknown"},
        )
    return Explanation(
        text="A read or write failed with EIO: the storage layer failed, not the program. The error often surfaces at close() or at the end of torch.save, leaving a truncated file.",
        fix=(
            "dmesg -T | grep -iE 'I/O error|nfs|Lustre|fuse' | tail -20  # on the node, at the failure time",
            "findmnt -T <output dir>; verify (torch.load) the last checkpoint before resuming.",
        ),
    )
