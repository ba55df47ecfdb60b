"""Computed diagnosis for orbax.array-data-missing: which leaf and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").rstrip("/")
    if not path:
        return None
    for suffix in ("/.zarray", "/zarr.json"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
    parent, _, leaf = path.rpartition("/")
    text = (f"Orbax expected the array '{leaf}' at {path} (zarr layout) but its '.zarray' metadata is missing.")
    fix = [f"ls -la {path}  # is the directory there, with a hidden .zarray? If not, the copy or the save is incomplete"]
    if parent:
        fix.append(f"ls -la {parent}  # manifest.ocdbt / ocdbt.process_* here means an OCDBT checkpoint: restore it with the handler/version that wrote it")
    if "checkpoint_" in leaf or leaf.startswith("checkpoint"):
        text += (" The name looks like a flax.training.checkpoints file (checkpoint_<step>), i.e. a msgpack checkpoint, "
                 "not an Orbax array directory.")
        fix.append("Restore it with flax.training.checkpoints.restore_checkpoint(ckpt_dir, target=state).")
    fix.append("Re-copy the checkpoint with hidden files (cp -a / rsync -a / gsutil -m cp -r).")
    return Explanation(text=text, fix=tuple(fix), derived={"param": leaf})
