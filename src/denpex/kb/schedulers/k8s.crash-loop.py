"""Computed diagnosis for k8s.crash-loop: what the last termination says about why it keeps exiting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    0: ("the process exited successfully, but the pod restarts every exit (restartPolicy Always)",
        "Run one-shot work as a Job (restartPolicy Never/OnFailure), or keep the server process in the foreground."),
    1: ("the program failed with an error",
        "kubectl logs {ref} --previous | tail -50  # the error of the run that ended"),
    2: ("the program rejected its arguments or configuration (exit 2 is the usual usage error)",
        "kubectl logs {ref} --previous | tail -20  # check command/args in the pod spec"),
    126: ("the command could not be executed (not executable / permission denied)",
          "Check the image's entrypoint and command: the file must exist and be executable (chmod +x)."),
    127: ("the command was not found in the image",
          "Check command/args in the pod spec and that the binary is on PATH in the image."),
    137: ("the container was killed with SIGKILL (memory limit OOMKilled, or a kill after a failed liveness probe)",
          "kubectl describe pod <pod> | grep -E 'OOMKilled|Liveness'  # then raise limits.memory or fix the probe"),
    139: ("the program crashed with a segmentation fault",
           "kubectl logs {ref} --previous  # native crash; check library/CUDA versions in the image"),
    143: ("the container was stopped with SIGTERM (often a failing liveness probe or a preStop/kill)",
          "kubectl describe pod <pod> | grep -i -A3 liveness  # a slow start needs a startupProbe"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    container = facts.get("container")
    pod = facts.get("pod")
    code = facts.get("exit_code")
    last = facts.get("last_reason")
    restarts = facts.get("restarts")
    ref = (f"{pod.split('_', 1)[0]} -c {container}" if pod and container else
           f"<pod> -c {container}" if container else "<pod>")
    who = f"Container {container}" if container else "The container"
    parts = [f"{who} keeps exiting and Kubernetes restarts it with a growing back-off"]
    if restarts:
        parts[0] += f" ({restarts} restarts so far)"
    parts[0] += "."
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if last == "OOMKilled":
        parts.append("Its last run was OOMKilled: it exceeded its memory limit (see system.host-oom-killed).")
        fix.append("Raise resources.limits.memory for the container or reduce its memory use (batch size, workers, model size).")
    elif isinstance(code, int) and code in _EXIT:
        why, how = _EXIT[code]
        parts.append(f"Its last run ended with exit code {code}: {why}.")
        fix.append(how.format(ref=ref))
        derived["exit_meaning"] = why
    elif isinstance(code, int):
        sig = code - 128 if code > 128 else None
        parts.append(f"Its last run ended with exit code {code}" + (f" (signal {sig})." if sig else "."))
    if code == 0 and last != "OOMKilled":
        parts.append("CrashLoopBackOff is the waiting state between restarts; here nothing failed inside the container.")
    else:
        parts.append("CrashLoopBackOff is the waiting state, not the cause: the error is in the previous run's output.")
    fix.append(f"kubectl logs {ref} --previous | tail -50")
    return Explanation(text=" ".join(parts), fix=tuple(dict.fromkeys(fix)), derived=derived)
