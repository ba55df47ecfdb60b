"""Computed diagnosis for storage.stale-file-handle: what the stale path suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    if not path:
        return Explanation(
            text="A file operation failed with ESTALE: the network filesystem no longer knows the file or directory this process had open (deleted or replaced by another process/node, or the server's export changed).",
            fix=(
                "findmnt -T <output or cache dir>  # confirm it is NFS / Lustre / GPFS",
                "Retry after reopening the path; keep caches, lock files and temp files on node-local disk; let one rank rotate checkpoints.",
            ),
        )
    folder = path.rsplit("/", 1)[0] or "/"
    low = path.lower()
    derived: dict[str, Any] = {"folder": folder}
    if low.endswith(".lock") or "/.locks/" in low or "cache" in low or "/huggingface/" in low or "modelscope" in low:
        derived["kind"] = "shared-cache"
        return Explanation(
            text=f"{path} is in a cache shared over a network filesystem; another node or rank deleted or replaced it (lock and cache files churn) while this process held it, so its handle went stale.",
            fix=(
                "Point the caches at node-local disk per node: export HF_HOME=/local/$USER/hf HF_DATASETS_CACHE=/local/$USER/hf/datasets (MODELSCOPE_CACHE likewise).",
                "Or prepare the dataset once on one rank (main_process_first / barrier) before the others read the cache.",
                f"findmnt -T {folder}  # confirm the filesystem type",
            ),
            derived=derived,
        )
    if "checkpoint" in low or low.endswith((".pt", ".pth", ".bin", ".safetensors", ".ckpt")):
        derived["kind"] = "checkpoint"
        return Explanation(
            text=f"{path} (a checkpoint file) was removed or replaced on the shared filesystem while this process used it - typically checkpoint rotation or a second run writing the same output directory.",
            fix=(
                "Let one rank save and rotate checkpoints after a barrier; give each run its own output_dir; save to a temp name and rename.",
                f"ls -la {folder}  # does the file still exist? then resume from the last complete checkpoint",
            ),
            derived=derived,
        )
    return Explanation(
        text=f"The handle to {path} went stale: the file or its directory was deleted, renamed over or recreated on the server (by another process or node), or the server's export changed.",
        fix=(
            f"findmnt -T {folder}; stat {path}  # NFS/Lustre? does a fresh lookup work?",
            "Retry after reopening the path; if the whole mount is stale, remount it (umount -l, mount) or reboot the node.",
        ),
        derived=derived,
    )
