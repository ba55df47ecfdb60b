"""Computed diagnosis for argo.step-failed: what the step's exit status and message mean."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    1: "a generic failure of the step's program (an uncaught Python exception exits 1)",
    2: "a usage/argument error (argparse, shell builtins) or a script failure",
    126: "the command was found but could not be executed (permissions, wrong architecture)",
    127: "the command was not found in the image",
    137: "SIGKILL (128+9): the memory limit (OOMKilled) or a kill from outside (preemption, eviction, liveness probe)",
    139: "SIGSEGV (128+11): a segmentation fault in native code",
    143: "SIGTERM (128+15): the pod was asked to stop (deleted, drained, deadline)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("step_message") or "")
    reason = str(facts.get("reason") or "")
    code = facts.get("exit_code")
    if code is None:
        m = re.search(r"exit code (\d+)", msg)
        code = int(m.group(1)) if m else None
    if not reason:
        m = re.search(r"\b(OOMKilled|Error|ContainerCannotRun|StartError)\b", msg)
        reason = m.group(1) if m else ""
    logs = ("argo get <workflow> -o wide  # the failed node's pod name",
            "argo logs <workflow> <pod>  # or kubectl logs <pod> -c main, or the step's main.log artifact in KFP")
    if msg.strip().startswith("pod deleted"):
        return Explanation(
            text="The step's pod was deleted while it ran (node drain or scale-down, spot preemption, eviction, manual "
                 "delete); the step itself may have been fine.",
            fix=("kubectl get events -n <namespace> --field-selector involvedObject.name=<pod>  # Killing/Evicted/Preempted",
                 "Add retryStrategy: {limit: 3, retryPolicy: OnError} to the template (KFP: .set_retry(3))",
                 "Use a PodDisruptionBudget or non-preemptible nodes for long steps"))
    if reason == "OOMKilled":
        return Explanation(
            text="The step's main container was killed by its memory limit (OOMKilled, exit code 137).",
            fix=("kubectl get pod <pod> -o jsonpath='{.spec.containers[0].resources}'  # the limit it had",
                 "Raise the step's memory limit (KFP: task.set_memory_limit('32G'); Argo: resources.limits.memory)",
                 "Or reduce peak memory (stream data, smaller batches)"))
    if "is forbidden" in msg or "not found" in msg or "failed to save outputs" in msg:
        return Explanation(
            text=f"The step failed with an infrastructure message rather than a program error: {msg[:160]}",
            fix=logs)
    meaning = _EXIT.get(code) if isinstance(code, int) else None
    text = "The step's main container exited" + (f" with code {code}" if code is not None else " non-zero")
    text += f": {meaning}." if meaning else "."
    text += " The cause is in the step's own log, not in this status line."
    return Explanation(text=text, fix=logs, derived={"exit_meaning": meaning} if meaning else {})
