"""Computed diagnosis for storage.read-only-filesystem: which path was read-only and what usually puts it there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    device = facts.get("device")
    if device:
        return Explanation(
            text=f"The kernel remounted the filesystem on {device} read-only after detecting errors; every write to it now fails. This is a disk / filesystem fault, not a configuration problem.",
            fix=(
                f"dmesg -T | grep -iE '{device}|I/O error|EXT4-fs' | tail -30  # the errors that triggered it",
                f"Stop writing there, move the job to healthy storage, and have the filesystem checked (fsck /dev/{device} after unmounting) or the disk replaced.",
            ),
            derived={"kind": "kernel-remount"},
        )
    if not path:
        return None
    p = str(path)
    low = p.lower()
    derived: dict[str, Any] = {}
    if p.startswith("/nonexistent") or "/.cache" in low or "huggingface" in low or "/hub" in low or "torch" in low or "triton" in low:
        derived["kind"] = "cache-dir"
        return Explanation(
            text=f"A library tried to create its cache at {p}, which is on a read-only filesystem (read-only container root, HOME=/nonexistent, or a read-only pre-populated cache).",
            fix=(
                "export HF_HOME=/tmp/hf TORCH_HOME=/tmp/torch TRITON_CACHE_DIR=/tmp/triton XDG_CACHE_HOME=/tmp/cache  # or a writable volume",
                "With a pre-populated read-only model cache: HF_HUB_OFFLINE=1 (or local_files_only=True) so nothing is written.",
            ),
            derived=derived,
        )
    if low.startswith("/kaggle/input"):
        derived["kind"] = "kaggle-input"
        return Explanation(
            text=f"{p} is under /kaggle/input, which Kaggle mounts read-only.",
            fix=("Write outputs, checkpoints and extracted files under /kaggle/working (or /tmp).",),
            derived=derived,
        )
    parts = [x for x in p.split("/") if x]
    if len(parts) == 1:
        derived["kind"] = "root-level-path"
        return Explanation(
            text=f"The program tried to create {p} directly under the filesystem root, which is read-only here (macOS system volume, or a read-only container root). The path was probably meant to be relative or under a data/home directory.",
            fix=(
                "Check the configured cache / output / model path: a leading '/' or an empty variable (e.g. $DATA_DIR unset) makes it resolve to the root.",
                "Use an absolute path under a writable directory (home, /tmp, a mounted volume).",
            ),
            derived=derived,
        )
    folder = p.rsplit("/", 1)[0] or "/"
    return Explanation(
        text=f"Writing {p} failed because the filesystem holding {folder} is mounted read-only.",
        fix=(
            f"findmnt -T {folder}  # 'ro' in the options; which mount is it?",
            "Point this output/cache at a writable location; in containers mount a writable volume (emptyDir / --bind) there.",
        ),
        derived=derived,
    )
