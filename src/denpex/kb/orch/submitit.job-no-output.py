"""Computed diagnosis for submitit.job-no-output: what the Slurm state says about the lost result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATE = {
    "TIMEOUT": ("the job hit its Slurm time limit before the function returned, and it has no checkpoint()",
                ("Raise timeout_min (AutoExecutor) / slurm_time, or make the callable a submitit.helpers.Checkpointable "
                 "so submitit requeues it on timeout",)),
    "OUT_OF_MEMORY": ("the job's memory cgroup limit killed the process (SIGKILL), so submitit never wrote the result",
                      ("Raise mem_gb (or slurm_mem / slurm_mem_per_gpu) above the job's peak (sacct MaxRSS)",
                       "Or cut host memory: fewer DataLoader workers, no whole-dataset caching")),
    "NODE_FAIL": ("the node running the job failed", ("Resubmit; exclude the node (slurm_exclude='<node>') if it fails again",)),
    "PREEMPTED": ("a higher-priority job preempted this one and it was not requeued",
                  ("Use a Checkpointable callable so submitit requeues on preemption, or a non-preemptible partition/QOS",)),
    "CANCELLED": ("the job was cancelled (scancel, an admin, or a dependency that failed)",
                  ("Check who cancelled it: sacct -j <id> --format=JobID,State,Reason", )),
    "FAILED": ("the job script exited non-zero before submitit could record an exception (environment, setup lines, a crash in native code)",
               ("Read the 'Error stream produced:' block / <id>_<task>_log.err and fix the job environment or setup commands",)),
    "COMPLETED": ("Slurm says the job finished, but the result pickle is not visible from this host",
                  ("Keep the executor folder on a filesystem shared with the same path by login and compute nodes",
                   "Do not end the function with os._exit(); check the folder for <id>_<task>_result.pkl after a minute")),
    "UNKNOWN": ("submitit could not read the job state (sacct unavailable or the job purged) and found no result",
                ("Read the job's log files in the executor folder; check sacct is enabled on the cluster",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    state = str(facts.get("state") or "").upper()
    if not state:
        return None
    job = facts.get("job_id")
    task = facts.get("task")
    who = f"Job {job}" + (f" (task {task})" if task is not None else "") if job else "The job"
    meaning, fix = _STATE.get(state, (f"Slurm state {state}: the job ended without writing its result", ()))
    text = f"{who} left no result pickle; state {state} means {meaning}."
    fixes = tuple(fix) + ((f"sacct -j {job} --format=JobID,State,ExitCode,Elapsed,Timelimit,MaxRSS,ReqMem",) if job else ())
    return Explanation(text=text, fix=fixes, derived={"state_meaning": meaning})
