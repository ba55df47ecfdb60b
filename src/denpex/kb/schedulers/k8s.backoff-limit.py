"""Computed diagnosis for k8s.backoff-limit: retries used up vs deadline reached."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = str(facts.get("condition") or "")
    if "deadline" in cond.lower():
        return Explanation(
            text=("The Job ran longer than its activeDeadlineSeconds, so the controller killed its running pods and marked it Failed "
                  "(DeadlineExceeded). Nothing failed inside the pods; retries left do not matter."),
            fix=("kubectl get job <job> -o jsonpath='{.spec.activeDeadlineSeconds} {.status.startTime}'",
                 "Raise spec.activeDeadlineSeconds above run time + queueing + retries, or checkpoint and resume in a new Job."),
            derived={"failure_kind": "deadline"},
        )
    return Explanation(
        text=("The Job's pods failed more times than spec.backoffLimit (default 6) allows, so the Job was marked Failed and will not "
              "retry. This is a summary: the cause is the error of the failed pods."),
        fix=("kubectl get pods -l job-name=<job> --sort-by=.status.startTime  # the failed attempts",
             "kubectl logs <failed pod> --previous | tail -50; kubectl get pod <failed pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}'",
             "Fix that error, then delete and recreate the Job; add podFailurePolicy FailJob for non-retriable exit codes."),
        derived={"failure_kind": "retries-exhausted"},
    )
