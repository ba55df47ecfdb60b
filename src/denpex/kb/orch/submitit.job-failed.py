"""Computed diagnosis for submitit.job-failed: which task failed and where its own log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = facts.get("task")
    if facts.get("_signature") == "job-log-exception":
        return Explanation(
            text="This is the job's own log: the submitted function raised on the compute node; "
                 "the traceback printed next to this line is the cause.",
            fix=("Fix the exception in the traceback above/below this line and resubmit.",))
    if task is None:
        return None
    return Explanation(
        text=(f"Task {task} of the submitit job raised inside the cluster job; FailedJobError only re-raises "
              "its traceback. The last exception line between the dashed lines is the real error."),
        fix=(f"print(job.stderr({task}))  # or open <folder>/<jobid>_{task}_log.err",
             "Fix that inner error; reproduce in-process with submitit.AutoExecutor(folder=..., cluster='debug')."),
        derived={"task": task})
