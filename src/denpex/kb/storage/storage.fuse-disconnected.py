"""Computed diagnosis for storage.fuse-disconnected: which FUSE mount (from the path) died and how to bring it back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (path prefix or keyword, mount kind, mount root depth or None, specific fixes)
_KINDS: tuple[tuple[str, str, int | None, tuple[str, ...]], ...] = (
    ("/content/drive", "Google Drive in Colab", 3, (
        "from google.colab import drive; drive.flush_and_unmount(); drive.mount('/content/drive', force_remount=True)",
        "Save checkpoints under /content (local) and copy finished files to Drive; keep Drive folders small")),
    ("/gcs/", "Cloud Storage FUSE (Vertex AI /gcs mount)", 3, (
        "Vertex AI: the job's gcsfuse mount died - write checkpoints locally (or to AIP_CHECKPOINT_DIR via the SDK) and rerun",)),
    ("/dbfs", "Databricks DBFS FUSE", 2, (
        "Databricks: write to /local_disk0 and copy with dbutils.fs.cp; restart the cluster if /dbfs stays dead",)),
    ("gcsfuse", "gcsfuse", None, ()),
    ("gcs", "gcsfuse / Cloud Storage FUSE", None, ()),
    ("blob", "blobfuse2", None, ()),
    ("azure", "blobfuse2", None, ()),
    ("alluxio", "Alluxio FUSE", None, ()),
    ("juicefs", "JuiceFS", None, ()),
    ("s3", "an S3 FUSE mount (s3fs-fuse, mountpoint-s3, goofys)", None, ()),
    ("sshfs", "sshfs", None, ("Remount with keep-alives: sshfs -o reconnect,ServerAliveInterval=15,ServerAliveCountMax=3 ...",)),
    ("rclone", "rclone mount", None, ()),
)


def _mount_root(path: str, depth: int | None) -> str:
    parts = [p for p in path.split("/") if p]
    n = depth if depth is not None else 2
    return "/" + "/".join(parts[:n]) if parts else "/"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    op = str(facts.get("op") or "")
    low = path.lower()
    kind, depth, extra = "a FUSE filesystem", None, ()
    for key, k, d, fx in _KINDS:
        if (low.startswith(key) if key.startswith("/") else key in low):
            kind, depth, extra = k, d, fx
            break
    derived: dict[str, Any] = {}
    if not path:
        derived["problem"] = (f"A FUSE mount died: file {op}() failed with Transport endpoint is not connected" if op
                              else "A FUSE mount (or a socket) lost its connection: Transport endpoint is not connected")
        return Explanation(
            text=("An operation" + (f" ({op}())" if op else "") + " failed with ENOTCONN. On a file this means the FUSE daemon behind its mount "
                  "(gcsfuse, Drive, s3fs, blobfuse, Alluxio, ...) has exited; the mount stays dead until it is unmounted and mounted again."),
            fix=("mount | grep -i fuse; ls <mountpoint>  # 'Transport endpoint is not connected' identifies the dead mount",
                 "fusermount -uz <mountpoint> (or sudo umount -l <mountpoint>), then remount it",
                 "dmesg -T | grep -i -E 'killed process|oom'  # was the daemon OOM-killed?",
                 "Save checkpoints to local disk and copy them to the mount afterwards"),
            derived=derived)
    root = _mount_root(path, depth)
    derived["mount_guess"] = root
    derived["mount_kind"] = kind
    derived["problem"] = (f"FUSE mount died ({kind}): " if kind != "a FUSE filesystem" else "FUSE mount died: ") + f"Transport endpoint is not connected at {path}"
    text = (f"{path} is on {kind}, whose user-space daemon has exited or lost its backend; the kernel keeps the mount "
            f"(probably {root}) but nothing answers, so every access under it fails until it is unmounted and mounted again.")
    fix = [f"findmnt -T {root}; ls {root}  # confirms the dead mount"]
    if not extra or kind.startswith(("gcsfuse", "blobfuse", "an S3", "Alluxio", "JuiceFS", "rclone", "a FUSE")):
        fix.append(f"fusermount -uz {root}  (or sudo umount -l {root}), then mount it again / restart the pod that owns the volume")
    fix.extend(extra)
    if "gcs" in kind.lower():
        fix.append("GKE CSI driver: kubectl logs <pod> -c gke-gcsfuse-sidecar; raise the annotation gke-gcsfuse/memory-limit (or set it to 0) and gke-gcsfuse/cpu-limit")
    fix.append("dmesg -T | grep -i -E 'killed process|oom'  # daemon OOM-killed?")
    fix.append("Write checkpoints to local disk first, then copy them to the mount; resume from the last complete checkpoint")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
