"""Computed diagnosis for skypilot.job-failed-status: which stage failed and where its log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = {
    "FAILED": ("run", "the task's run command exited non-zero",
               ("sky jobs logs <id>  # (managed) or sky logs <cluster> <job id>; fix the error printed before the exit",)),
    "FAILED_SETUP": ("setup", "the task's setup commands failed (or the job's pod was OOMKilled before it started)",
                     ("sky jobs logs <id> | grep -n 'setup'  # the failing setup command and its error",
                      "Fix the setup (pin package versions, set -e, check paths) and test it with sky launch before sky jobs launch.")),
    "FAILED_PRECHECKS": ("provision", "launching failed on prechecks: no feasible resources in the catalog, invalid cluster name, or cloud credentials",
                         ("sky check; sky show-gpus <GPU>  # credentials and feasible resources",)),
    "FAILED_NO_RESOURCE": ("provision", "no cloud location had quota and capacity for the task, so no cluster could be provisioned",
                           ("Read the provisioning reasons in sky jobs logs --controller <id>; widen accelerators/regions or request quota.",)),
    "FAILED_DRIVER": ("driver", "the job's driver process on the cluster died (head node out of memory, preemption, or a Ray crash)",
                      ("sky logs <cluster> <job id>; check the head node's memory (dmesg | grep -i oom).",
                       "Use a head node with more memory, and job_recovery: {max_restarts_on_errors: N} to restart automatically.")),
    "FAILED_CONTROLLER": ("controller", "the managed-jobs controller hit an unexpected error; the task itself may have been fine",
                          ("sky jobs logs --controller <id> | tail -60  # the controller's exception",
                           "Give the controller more resources (jobs.controller.resources in ~/.sky/config.yaml) and upgrade SkyPilot.")),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "")
    if not status and facts.get("setup"):
        status = "FAILED_SETUP"
    stage, meaning, fixes = _STATUS.get(status, ("unknown", f"the job ended {status}", ("sky jobs logs <id>",)))
    jid = facts.get("job_id")
    text = f"SkyPilot job{' ' + str(jid) if jid is not None else ''} ended {status}: {meaning}."
    fix = list(fixes)
    reason = str(facts.get("failure_reason") or "")
    derived: dict[str, Any] = {"stage": stage}
    if reason:
        text += f" Recorded failure reason: {reason[:200]}"
        if "FAILED_DRIVER" in reason:
            text += " (the cluster job's driver died; the controller turned that into FAILED_CONTROLLER)."
            fix = list(_STATUS["FAILED_DRIVER"][2]) + fix
            derived["stage"] = "driver"
    if jid is not None:
        fix = [f.replace("<id>", str(jid)) for f in fix]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
