"""Computed diagnosis for ray.worker-system-exit: what the exit code and Ray's K8s hint say about
why the worker raised SystemExit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("exit_code") or "").strip()
    k8s = bool(facts.get("k8s_hint"))
    sigterm = bool(facts.get("sigterm"))
    parts: list[str] = []
    fix: list[str] = []
    if code == "0":
        what = "an intentional exit (exit code 0)"
        parts.append("Exit code 0 is an intentional exit (exit_actor / __ray_terminate__ / a clean sys.exit(0)); older Ray logged it as an error. It is not the failure: look for the real error elsewhere in the log.")
    elif code == "2":
        what = "exit code 2, typically argparse rejecting the worker's arguments"
        parts.append("Exit code 2 is what argparse uses when parse_args() fails: a script's argument parser probably ran inside the Ray worker (look for a 'usage:' / 'error: unrecognized arguments' line just above).")
        fix.append("Parse arguments on the driver and pass the values into the task/actor, or use parser.parse_known_args() / parse_args(args=[...]) inside workers.")
    elif sigterm or code in {"15", "-15"} or (k8s and code in {"", "None"}):
        what = (f"exit code {code}, " if code else "") + "SIGTERM" + (" on Kubernetes (pod memory limit or eviction likely)" if k8s else "")
        parts.append("The worker received SIGTERM, which Ray turns into SystemExit" + (f" (exit code {code})" if code else "") + ".")
        if k8s:
            parts.append("On Kubernetes this usually means the pod hit its memory limit or was evicted; Ray adds the K8s hint for every such exit without checking memory, so confirm it on the pod.")
            fix.append("kubectl describe pod <ray-worker-pod>: if Last State is OOMKilled, raise resources.limits.memory for the Ray worker group (and keep requests = limits) or reduce per-worker memory (fewer concurrent tasks, smaller batches).")
        else:
            fix.append("Find who sent SIGTERM: ray stop, an autoscaler scale-down or node drain, a job timeout, or the batch scheduler (check raylet.out and the scheduler's log).")
    elif code == "None":
        what = "SystemExit without an exit code (sys.exit() / raise SystemExit, or a signal)"
        parts.append("The exit code was not set: code called sys.exit() / raise SystemExit without an argument, or the worker was stopped by a signal.")
        fix.append("Search the task/actor code and the libraries it calls for sys.exit() / raise SystemExit and replace them with a raised exception.")
    elif code:
        what = f"sys.exit({code}) in the task or actor code"
        parts.append(f"Code running inside the worker ended it with exit code {code} (sys.exit({code}), exit({code}) or a library's fatal-error exit); the message it printed just before is the cause.")
        if k8s:
            parts.append("Ray also added its K8s memory hint because the worker runs on Kubernetes; with a non-signal exit code that hint is usually a red herring.")
    else:
        what = "SystemExit in the worker" + (" on Kubernetes (pod memory limit or eviction possible)" if k8s else "")
        parts.append("Code inside the worker raised SystemExit (sys.exit / exit() / argparse) or the worker got SIGTERM; the traceback under this line names the frame that raised it.")
        if k8s:
            fix.append("kubectl describe pod <ray-worker-pod>: if Last State is OOMKilled or the pod was evicted, raise the Ray worker pod's memory limit.")
    if code != "0":
        fix.append("Inside Ray tasks and actors raise an exception (raise RuntimeError(msg)) instead of sys.exit: the caller then gets the error and traceback as RayTaskError and the worker stays alive.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
