"""Computed diagnosis for tune.checkpoint-path-missing: read the missing checkpoint path."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("checkpoint_path")
    if not isinstance(path, str) or not path:
        return None
    m = re.search(r"checkpoint[_-](\d+)", path)
    idx = int(m.group(1)) if m else None
    low = path.lower()
    where = f"checkpoint {idx} " if isinstance(idx, int) else ""
    if low.startswith("/content/") or "/tmp/" in low or "restore_from_object" in low or low.startswith("/tmp"):
        diagnosis = "checkpoint on ephemeral storage"
        text = (f"The missing {where}was under {path.split('/')[1] if path.startswith('/') else path}: an ephemeral location "
                "(Colab /content, /tmp, Ray's temporary restore dir) that was cleaned or is not shared with the restoring node.")
        fix = ("Set local_dir to persistent storage (a mounted drive/volume) and resume from there.",
               "On Colab, write results to a mounted Google Drive path.")
    elif isinstance(idx, int):
        diagnosis = "checkpoint deleted by retention (likely PBT + keep_checkpoints_num)"
        text = (f"Tune wanted checkpoint_{idx} of a trial, but it is gone. With PopulationBasedTraining this is the classic race "
                "with keep_checkpoints_num: the checkpoint chosen for exploit was pruned before it was restored. On a multi-node "
                "cluster it can also live only on the worker that wrote it.")
        fix = ("Raise or drop keep_checkpoints_num, and set checkpoint_freq to the PBT perturbation_interval.",
               "Use shared storage or sync_config/upload_dir so every node sees every checkpoint.")
    else:
        diagnosis = "checkpoint directory missing"
        text = f"The checkpoint {path} does not exist on the node restoring the trial."
        fix = ("Check the experiment directory is intact and shared across nodes; resume from the original local_dir.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
