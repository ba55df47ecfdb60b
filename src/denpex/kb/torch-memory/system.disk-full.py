"""Computed diagnosis for system.disk-full: which write failed and where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    needed = facts.get("needed")
    record = facts.get("record")
    if path:
        folder = path.rsplit("/", 1)[0] or "/"
        return Explanation(
            text=f"Writing {path} failed with ENOSPC: the filesystem holding {folder} (or your quota on it) is full.",
            fix=(
                f"df -h {folder}; df -i {folder}; du -sh {folder}/* | sort -h | tail  # find what filled it",
                "Free space there or move this output to a larger volume (output_dir / HF_HOME / TMPDIR).",
            ),
            derived={"folder": folder},
        )
    if needed:
        return Explanation(
            text=f"The datasets library needs {needed} free in its cache and the cache filesystem has less.",
            fix=("Set HF_DATASETS_CACHE (or HF_HOME) to a volume with enough space, or load with streaming=True.",),
        )
    if record:
        return Explanation(
            text=f"torch.save could not finish writing record {record}: the write was short, almost always because the disk or quota is full. The checkpoint file is truncated.",
            fix=("df -h on the checkpoint directory; free space or keep fewer checkpoints (save_total_limit / save_top_k), then save again.",),
        )
    return None
