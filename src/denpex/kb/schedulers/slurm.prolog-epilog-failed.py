"""Computed diagnosis for slurm.prolog-epilog-failed: which script, where, what it means for the job."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = str(facts.get("script") or "")
    reason = str(facts.get("reason") or "")
    node = facts.get("node")
    where = f" on node {node}" if node else ""
    excl = f"--exclude={node}" if node else "--exclude=<node>"
    status = facts.get("status")
    st = f" (exit status {status})" if status is not None else ""
    job = facts.get("job_id")
    if script in ("--task-prolog", "--task-epilog", "srun prolog"):
        return Explanation(
            text=f"The {script} script given to srun (--prolog / --task-prolog, or the site's SrunProlog) failed{st}{where}; srun aborted the step before (or as) the tasks started.",
            fix=("Run that script by hand with the same environment, fix what it reports, make it executable and make it exit 0.",),
        )
    if script in ("TaskProlog", "TaskEpilog"):
        return Explanation(
            text=f"The site's {script} failed{st}{where}: the task was not started (TaskProlog) or its cleanup failed (TaskEpilog).",
            fix=(f"Resubmit with {excl} and report the node and time to the administrators.",),
        )
    if script == "epilog" or reason.startswith("Epilog"):
        return Explanation(
            text=f"The node's Epilog failed{where}{st} after a job ended, so Slurm drained the node. The job itself had already finished.",
            fix=(f"Nothing to change in the job; report {node or 'the node'} to the administrators (sinfo -R shows the drain).",),
        )
    if reason.startswith("launch"):
        return Explanation(
            text="The batch job was requeued and held because the Prolog failed on one of its nodes; it will not start until released.",
            fix=(
                "sinfo -R | grep -i prolog  # find the drained node",
                "scontrol release <jobid>  # or scancel and resubmit with --exclude=<node>",
            ),
        )
    what = "did not finish in time" if reason == "Prolog hung" else f"failed{st}"
    text = f"The node's Prolog {what}{where}, so the job (step) could not start there"
    if job:
        text += f" (job {job})"
    text += ". Slurm drains such a node ('Prolog error') and requeues a batch job held. Your program never ran on it."
    return Explanation(
        text=text,
        fix=(
            f"Resubmit (or scontrol release <jobid> if it is held) with {excl}.",
            f"Report {node or 'the node'} and the time to the cluster administrators; the cause is in that node's slurmd log and the Prolog's output.",
        ),
    )
