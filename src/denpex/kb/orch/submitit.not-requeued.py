"""Computed diagnosis for submitit.not-requeued: why submitit gave up on the timed-out job."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    host = facts.get("host")
    where = f" on {host}" if host else ""
    if reason.startswith("timed-out and not checkpointable"):
        return Explanation(
            text=(f"The job reached its Slurm time limit{where}; the submitted callable has no checkpoint() method, "
                  "so submitit could not requeue it and recorded the timeout as the job's result."),
            fix=("executor.update_parameters(timeout_min=<more minutes>)  # within the partition's MaxTime",
                 "or wrap the work in a submitit.helpers.Checkpointable that resumes from its last checkpoint"),
            derived={"cause": "time limit, not checkpointable"})
    if reason.startswith("timed-out too many times"):
        return Explanation(
            text=(f"The Checkpointable job{where} timed out again after using all its allowed requeues "
                  "(slurm_max_num_timeout, 3 by default)."),
            fix=("executor.update_parameters(slurm_max_num_timeout=<N>)",
                 "and/or a longer timeout_min so fewer requeues are needed"),
            derived={"cause": "requeue budget exhausted"})
    return Explanation(text=f"submitit did not requeue the job{where}: {reason}.",
                       fix=("Fix the checkpoint() method named by the reason, or give the job more time.",))
