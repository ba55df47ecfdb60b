"""Computed diagnosis for system.permission-denied: explain by path (caches, /root, /dev/shm, NFS, scripts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SCRIPT_EXT = (".sh", ".bash", ".py", ".run", ".slurm", ".sbatch")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    shell = facts.get("shell")
    if not path:
        return Explanation(
            text="An operation was refused with EACCES: the job's user lacks permission on a file or a directory on its path.",
            fix=("id; namei -l <path>  # who runs the job vs who owns each path component",),
        )
    p = str(path)
    low = p.lower()
    name = p.rsplit("/", 1)[-1]
    derived: dict[str, Any] = {}
    if shell or low.endswith(_SCRIPT_EXT) or (p.startswith("./") and "." not in name):
        derived["kind"] = "not-executable"
        return Explanation(
            text=f"{p} could not be executed: it lacks the execute permission for this user, or it lives on a filesystem mounted noexec.",
            fix=(
                f"chmod +x {p}  # or run it through its interpreter: {'python' if low.endswith('.py') else 'bash'} {p}",
                f"findmnt -T {p} | grep -w noexec  # if mounted noexec, run it with the interpreter or move it",
            ),
            derived=derived,
        )
    if low.startswith("/dev/shm"):
        derived["kind"] = "dev-shm"
        return Explanation(
            text=f"{p} in /dev/shm belongs to another user (a leftover shared-memory file from an earlier or concurrent run), or /dev/shm itself has restrictive permissions.",
            fix=(
                f"ls -l {p}; ls -ld /dev/shm  # owner of the file; /dev/shm should be drwxrwxrwt",
                "Remove the stale file (its owner or an admin) or use per-user names; in containers give the job its own /dev/shm (--ipc=private / a Memory emptyDir).",
            ),
            derived=derived,
        )
    if low in ("/.cache", "/.config", "/.local", "/.triton") or low.startswith(("/.cache/", "/.config/", "/.local/", "/.triton/")):
        derived["kind"] = "home-is-root-dir"
        return Explanation(
            text=f"The job's HOME is '/' (or unset), so a cache resolved to {p} at the filesystem root, which a non-root (often random-UID) container user cannot create.",
            fix=(
                "export HOME=/tmp/home XDG_CACHE_HOME=/tmp/cache HF_HOME=/tmp/hf TRITON_CACHE_DIR=/tmp/triton  # or mount an emptyDir and point HOME at it",
            ),
            derived=derived,
        )
    if low.startswith("/root"):
        derived["kind"] = "root-home-non-root-user"
        return Explanation(
            text=f"The job runs as a non-root user but writes under /root ({p}): HOME or a cache variable still points at root's home from the image build.",
            fix=(
                "Set HOME / HF_HOME / XDG_CACHE_HOME to a directory the runtime user owns, or create the cache with that user's ownership in the image.",
                "id; ls -ld /root  # confirm the UID and the ownership",
            ),
            derived=derived,
        )
    if "/.cache" in low or "huggingface" in low or "/hub/" in low or low.endswith(".lock") or "torch" in low or "triton" in low:
        derived["kind"] = "cache-ownership"
        return Explanation(
            text=f"The cache path {p} is owned by another user (created earlier with sudo / as root / by the image's build user, or by a teammate on a shared cache).",
            fix=(
                f"ls -ld {p.rsplit('/', 1)[0] or '/'}; id  # owner vs current user",
                "sudo chown -R $(id -u):$(id -g) <cache dir>, or point HF_HOME / XDG_CACHE_HOME at a directory you own; for a read-only shared cache: chmod -R a+rX and HF_HUB_OFFLINE=1.",
            ),
            derived=derived,
        )
    if low.startswith(("/dev/nvidia", "/dev/infiniband", "/dev/dri", "/dev/kfd")):
        derived["kind"] = "device-file"
        return Explanation(
            text=f"The device file {p} is not accessible to this user or container (missing group membership, or the device was not passed into the container).",
            fix=("ls -l " + p + "; id  # group membership (video/render) or use the NVIDIA container runtime / device plugin to pass the device",),
            derived=derived,
        )
    if low.startswith(("/mnt/", "/nfs", "/data", "/shared", "/lustre", "/gpfs", "/project", "/scratch")):
        derived["kind"] = "shared-fs"
        return Explanation(
            text=f"Access to {p} on shared storage was refused: the directory belongs to another user/group, or you run as root on an NFS export with root_squash (root becomes nobody).",
            fix=(
                f"namei -l {p}; findmnt -T {p}; id  # owner, mode, NFS options",
                "Run the container as your own UID (docker run --user $(id -u):$(id -g)), write to a directory you own, or ask the owner to grant group write.",
            ),
            derived=derived,
        )
    return Explanation(
        text=f"Access to {p} was refused: this user lacks the needed permission on the file or on a directory on its path.",
        fix=(f"id; namei -l {p}  # then chown/chmod it or use a location you own",),
        derived=derived,
    )
