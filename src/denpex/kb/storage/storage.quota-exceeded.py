"""Computed diagnosis for storage.quota-exceeded: where the quota was hit and what to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CACHE_HINTS = (
    ("/.cache/huggingface", "HF_HOME"), ("/huggingface/", "HF_HOME"), ("/.cache/pip", "PIP_CACHE_DIR"),
    ("/.cache/torch", "TORCH_HOME"), ("/.triton", "TRITON_CACHE_DIR"), ("/.cache/matplotlib", "MPLCONFIGDIR"),
    ("/.conda", "CONDA_PKGS_DIRS"), ("/pkgs/", "CONDA_PKGS_DIRS"), ("/.local/share/jupyter", "JUPYTER_RUNTIME_DIR"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("path")
    if not path:
        return Explanation(
            text="A write failed because your quota (user, group or project) on that filesystem is used up - space or number of files - even if df shows free space.",
            fix=(
                "quota -s; lfs quota -h -u $USER <mount>  # which limit: blocks or files?",
                "Delete or move old checkpoints and caches; send caches and outputs to scratch/project storage; resume from the last complete checkpoint.",
            ),
        )
    p = str(path)
    folder = p.rsplit("/", 1)[0] or "/"
    fix: list[str] = []
    derived: dict[str, Any] = {"folder": folder}
    for needle, var in _CACHE_HINTS:
        if needle in p:
            derived["cache_variable"] = var
            fix.append(f"This is a cache: set {var} to a directory on scratch/project storage, and clean the old one.")
            break
    home_like = p.startswith(("/home/", "/home1/", "/u/", "/users/", "/Users/", "/root/")) or "/home/" in p
    if home_like:
        derived["area"] = "home"
        text = f"Writing {p} hit the quota of the home directory (small on clusters). The filesystem itself may have plenty of space."
        fix.append("du -sh ~/.cache/* ~/.conda ~/miniconda3/pkgs 2>/dev/null | sort -h | tail  # the usual hidden consumers")
        fix.append("Move checkpoints / outputs to scratch or project space (output_dir=/scratch/$USER/...).")
    else:
        text = f"Writing {p} hit a user, group or project quota on the filesystem holding {folder} (space or number of files)."
        fix.append(f"quota -s; lfs quota -h -u $USER $(findmnt -n -o TARGET -T {folder})  # blocks vs files, user vs project")
        fix.append("Free space/files there (old checkpoints: save_total_limit; many small files: pack into shards) or ask for a larger quota.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
