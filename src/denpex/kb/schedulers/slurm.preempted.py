"""Computed diagnosis for slurm.preempted: cancelled for good or requeued, which step, when."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    if not reason:
        return None
    job = facts.get("job_id", "?")
    step = facts.get("step")
    what = f"step {job}.{step}" if step else f"job {job}"
    where = f" on {facts['node']}" if facts.get("node") else ""
    when = f" at {facts['cancelled_at']}" if facts.get("cancelled_at") else ""
    if reason == "JOB REQUEUE":
        return Explanation(
            text=(
                f"Slurm requeued {what}{where}{when}: the tasks were terminated and the job went back to the queue. "
                "It will rerun the batch script from the top with the same job id, so it continues only if the script resumes from a checkpoint. "
                "Preemption with PreemptMode=REQUEUE, or scontrol requeue (by the job itself, e.g. an auto-requeue handler, or an administrator), does this."
            ),
            fix=(
                "Make the script load the latest checkpoint at start-up, so the requeued run continues instead of starting over.",
                f"sacct -j {job} --duplicates --format=JobID,State,Start,End,NodeList  # see each run of the job",
            ),
            derived={"requeued": True},
        )
    text = (
        f"Slurm preempted {what}{where}{when} to give its nodes to a higher-priority job"
        " (the partition or QOS it ran on is preemptible). The program did not fail."
    )
    if reason == "PREEMPTED":
        text = f"sacct records job {job} as PREEMPTED: a higher-priority job took its nodes. The program did not fail."
    return Explanation(
        text=text,
        fix=(
            "Resume from the last checkpoint: resubmit (or submit with --requeue so Slurm does it), and make the script load the latest checkpoint at start-up.",
            "Checkpoint often and on SIGTERM; or use a partition / QOS that is not preemptible (scontrol show partition: PreemptMode).",
        ),
        derived={"requeued": False},
    )
