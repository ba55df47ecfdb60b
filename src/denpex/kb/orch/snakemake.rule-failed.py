"""Computed diagnosis for snakemake.rule-failed: what the Slurm state of the failed job means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATE = {
    "OUT_OF_MEMORY": ("the job exceeded the memory Slurm gave it (mem_mb)",
                      "Raise mem_mb for the rule: resources: mem_mb=lambda wc, attempt: <MB> * attempt, and run with --retries 2"),
    "TIMEOUT": ("the job ran past its runtime (Slurm --time)",
                "Raise the rule's runtime resource (minutes) or use a longer partition"),
    "NODE_FAIL": ("the node running the job failed", "Resubmit; use --retries so Snakemake resubmits lost jobs"),
    "PREEMPTED": ("a higher-priority job preempted it", "Use --retries, or a non-preemptible partition for long rules"),
    "CANCELLED": ("the job was cancelled (scancel, admin, or Snakemake shutting down after another failure)",
                  "Check who cancelled it: sacct -j <id> --format=JobID,State,Reason"),
    "FAILED": ("the job's command exited non-zero", "Read the Slurm log and the rule's log: file for the command's error"),
    "BOOT_FAIL": ("the node failed to boot for the job", "Resubmit; report the node to the admins"),
    "DEADLINE": ("the job hit its --deadline", "Remove or extend the deadline"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rule = facts.get("rule")
    state = str(facts.get("slurm_status") or "").upper()
    sj = facts.get("slurm_job")
    who = f"rule {rule}" if rule else "A job"
    if state:
        meaning, fix = _STATE.get(state, (f"Slurm state {state}", "Read the job's Slurm log under .snakemake/slurm_logs/"))
        text = f"The Slurm job{(' ' + str(sj)) if sj else ''} of {who} ended {state}: {meaning}."
        fixes = (fix,) + ((f"sacct -j {sj} --format=JobID,State,ExitCode,MaxRSS,ReqMem,Elapsed,Timelimit",) if sj else ())
        return Explanation(text=text, fix=fixes, derived={"state_meaning": meaning})
    if facts.get("_signature") == "cluster-job":
        ext = facts.get("external")
        return Explanation(
            text=f"The cluster job of {who} ({ext}) failed; Snakemake only saw its status. The cluster log holds the cause.",
            fix=("Open the cluster log of that job (sbatch --output of your --cluster command) and the rule's log: file",))
    if rule:
        return Explanation(
            text=(f"The command of rule {rule} exited non-zero (bash strict mode: any failing command in the shell block "
                  "counts). The command's stderr above this block, or the rule's log: file, holds the cause."),
            fix=(f"snakemake -n -p  # print the command of rule {rule}, then run it by hand under bash -euo pipefail",))
    return None
