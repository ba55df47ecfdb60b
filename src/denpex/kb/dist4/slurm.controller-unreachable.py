"""Computed diagnosis for slurm.controller-unreachable: which Slurm operation failed and what kind of failure it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OPS = {
    "sbatch": "the job submission",
    "salloc": "the allocation request",
    "srun": "srun's request (allocation or step creation)",
    "squeue": "the queue query",
    "sinfo": "the partition query",
    "scancel": "the cancel request",
    "sacct": "the accounting query",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    if not reason:
        return None
    tool = str(facts.get("tool") or "")
    op = _OPS.get(tool) or ("a libslurm query (" + tool + ")" if tool.startswith("slurm_") else "a Slurm request")
    failure = facts.get("failure")
    job = facts.get("job_id")
    fix: list[str] = ["scontrol ping  # DOWN = slurmctld not running/reachable; retry once it is UP"]
    if "Socket timed out" in str(reason):
        text = f"{op[0].upper() + op[1:]} reached slurmctld but got no answer in time: the controller is overloaded."
        fix.append("Retry with backoff and poll less often (squeue/sacct every 30-60 s, not in a tight loop); administrators: sdiag shows the RPC load.")
    else:
        kind = {"connect": "could not connect to", "send": "lost the connection while sending to", "receive": "lost the connection while waiting for", "shutdown": "could not close the connection to"}.get(str(failure), "could not talk to")
        text = f"{op[0].upper() + op[1:]} {kind} slurmctld: the controller is down, restarting, or unreachable from this host."
        fix.append("If every user sees it, wait for the administrators; if only this host/container does, check DNS and routing to SlurmctldHost (port 6817).")
    if job:
        text += f" Job {job} itself may still be running: check squeue -j {job} once the controller answers."
    elif tool == "sbatch":
        text += " The job was not submitted; resubmit after the controller is back."
    return Explanation(text=text, fix=tuple(fix), derived={"operation": op})
