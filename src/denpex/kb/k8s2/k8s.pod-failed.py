"""Computed diagnosis for k8s.pod-failed: what the exit code or signal says, and where the log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# exit code -> (what it means, the first thing to do)
_CODES = {
    1: ("the program itself failed (an uncaught exception or sys.exit(1))", "its traceback is at the end of the container's log"),
    2: ("the command line was rejected (argparse usage error) or a shell script failed", "compare the container's args with the script's options"),
    126: ("the command exists but cannot be executed (permissions, wrong architecture)", "chmod +x the entrypoint or use an image for this node's architecture"),
    127: ("the command was not found in the image", "fix command/args in the pod template to a path that exists in the image"),
    134: ("SIGABRT: a native abort (a C++ exception, a failed CHECK)", "the last lines of the log show the abort message"),
    137: ("SIGKILL: killed from outside, usually the memory limit (OOMKilled) or node pressure", "raise resources.limits.memory or lower batch size / DataLoader workers"),
    139: ("SIGSEGV: a segmentation fault in native code", "check the CUDA/driver and native library versions in the image against the node"),
    143: ("SIGTERM: the pod was deleted, preempted or its node drained", "not a program error: look at who deleted the pod (events) and make the job resume from checkpoints"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "")
    pod = str(facts.get("pod") or "<pod>")
    container = facts.get("container")
    code: int | None = None
    if facts.get("exit_code") is not None:
        code = int(facts["exit_code"])
    elif status.split(":")[-1].isdigit():
        n = int(status.split(":")[-1])
        code = 128 + n if "Signal" in status else n
    init = status.startswith("Init:")
    which = f"-c {container} " if container else ("-c <init-container> " if init else "--all-containers ")
    logs = f"kubectl logs {pod} {which}--previous | tail -50  # drop --previous if the pod never restarted"
    parts = [f"Pod {pod} ended with STATUS {status}." if status else f"A container of pod {pod} exited non-zero."]
    if init:
        parts.append("An init container failed, so the main container never ran: its download, credentials or permissions step is the problem.")
    fix = [logs]
    if status.endswith("RunContainerError"):
        parts.append("RunContainerError: the container runtime could not start the container at all (OCI runtime create failed: "
                     "a prestart hook such as nvidia-container-cli, a missing mount source, an entrypoint that cannot be executed), "
                     "so there is no program output; the runtime's message is in the pod's events.")
        fix = [f"kubectl describe pod {pod} | grep -A3 -E 'Last State|Message|Warning'  # the runtime's error text",
               "For GPU pods: check the NVIDIA driver and container toolkit on the node (nvidia-smi, the toolkit/validator pods)."]
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
    if code is not None:
        meaning, step = _CODES.get(code, (f"the program exited with code {code}", "the container's log shows why"))
        parts.append(f"Exit code {code}: {meaning}.")
        fix.append(step[0].upper() + step[1:] + ".")
    parts.append("Kubernetes only records the exit: the cause is in that container's own output.")
    fix.append(f"kubectl describe pod {pod} | grep -B2 -A6 'State:'  # reason and exit code of every container")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"exit_meaning": _CODES.get(code, ("",))[0]} if code in _CODES else {})
