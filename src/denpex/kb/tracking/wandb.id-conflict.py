"""Computed diagnosis for wandb.id-conflict: which record W&B refused to create twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    entry = str(facts.get("entry") or "")
    key = str(facts.get("key") or "")
    if not entry:
        return None
    if "artifact" in key:
        return Explanation(
            text=(f"Two commits of the same artifact collection raced for one version ({entry}, key {key}): "
                  "the W&B server keeps one row per collection version and refused the second."),
            fix=("Upgrade wandb (0.12.21 and later retry the commit on this conflict)",
                 "Log the artifact from one process (rank 0), or give each process its own artifact name"),
            derived={"kind": "artifact version", "entry": entry},
        )
    project, _, run_id = entry.partition("-")
    if not run_id:
        return Explanation(text=f"The W&B server already holds a record {entry} (key {key}).",
                           derived={"kind": "record", "entry": entry})
    return Explanation(
        text=(f"Run id {run_id} already exists in this project (project number {project}): this init or sync tried to "
              "create it again. The id was reused: fixed in code, set by WANDB_RUN_ID, read from a checkpoint of another "
              "run, passed to several processes, or the run was deleted in the UI and still holds its id."),
        fix=(f"Resume that run with wandb.init(id='{run_id}', resume='allow'), or start a new one with id=wandb.util.generate_id()",
             "Unset WANDB_RUN_ID between runs and call wandb.init on one rank only",
             f"wandb sync of a run that exists or was deleted: wandb sync <run dir> --id <new id>"),
        derived={"kind": "run id", "entry": f"{run_id} (project number {project})", "run_id": run_id},
    )
