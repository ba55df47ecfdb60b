"""Computed diagnosis for ray.task-error: name the inner exception and where the worker's own log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Inner exception types whose usual meaning is worth a sentence (the traceback below still decides).
_HINTS: dict[str, str] = {
    "OutOfMemoryError": "in a torch worker this is CUDA out of memory (torch.OutOfMemoryError); the allocation sizes are in the message below",
    "DistBackendError": "a NCCL/collective failure inside the worker; another worker may have failed first",
    "ChildFailedError": "a torchrun-style launcher inside the task reported a failed child process",
    "ModuleNotFoundError": "a package is missing from the worker's environment (runtime_env or the node's image), not necessarily from the driver's",
    "ImportError": "an import failed in the worker's environment, which can differ from the driver's",
    "FileNotFoundError": "a path that exists on the driver's machine may not exist on the worker node",
    "AssertionError": "an assert in the task failed",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = facts.get("task")
    if not task:
        return None
    pid, ip = facts.get("pid"), facts.get("ip")
    inner = facts.get("inner_type")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    where = f"worker pid {pid}" + (f" on node {ip}" if ip else "") if pid is not None else "a Ray worker"
    short = str(task).rsplit(".", 1)
    kind = "actor method" if len(short) == 2 and not str(task).startswith("IDLE") else "task"
    if task == "IDLE":
        kind = "task (the worker had not started running a named task)"
    if "_RayTrainWorker__execute" in str(task) or str(task).endswith("_Inner.train"):
        derived["layer"] = "ray-train"
    if inner:
        derived.setdefault("inner_type", inner)
        parts.append(
            f"The Ray {kind} ray::{task}() raised {inner} in {where}; Ray re-raised it in the caller as RayTaskError({inner}). "
            f"The real error is the {inner} at the end of the traceback printed under this line."
        )
        base = str(inner).rsplit(".", 1)[-1]
        if base in _HINTS:
            parts.append(f"{base}: {_HINTS[base]}.")
    else:
        derived["inner_type"] = "unknown"
        parts.append(
            f"The Ray {kind} ray::{task}() failed in {where}. No exception class is named here, so the cause is a Ray error "
            "or a failed upstream task: read the lines under this header (a nested RayTaskError or "
            "'At least one of the input arguments for this task could not be computed') down to the innermost exception."
        )
    if derived.get("layer") == "ray-train":
        parts.append("This is a Ray Train/Tune layer: with several ray:: headers, the innermost one is the worker that failed.")
    if pid is not None:
        node = f" --node-ip {ip}" if ip else ""
        parts.append(
            f"If the traceback is cut off here, the worker's own stderr is on {ip or 'its node'}: "
            f"ray logs worker --pid {pid}{node} --err, or /tmp/ray/session_latest/logs/worker-*-{pid}.err there; "
            f"lines prefixed '(... pid={pid}' in the driver output are the same worker."
        )
        fix.append(f"Read the worker's stderr: ray logs worker --pid {pid}{node} --err --tail 300 (Ray 2.x; older Ray: --suffix err).")
        fix.append(f"Or on {ip or 'the worker node'}: ls /tmp/ray/session_latest/logs | grep -- '-{pid}\\.' and open the .err file.")
    fix.insert(0, f"Fix the {inner or 'innermost'} exception raised inside ray::{task}(); RayTaskError only carries it to the caller.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
