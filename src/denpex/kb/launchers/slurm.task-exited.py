"""Computed diagnosis for slurm.task-exited: what the task's exit code or signal means, and whether it is teardown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {
    "Killed": "got SIGKILL: after another task failed this is srun or the step cancellation tearing it down; as the FIRST failure it is the OOM killer or the job's memory limit",
    "Terminated": "got SIGTERM: the step was being cancelled (scancel, time limit, srun after another task failed)",
    "Aborted": "aborted (SIGABRT): a C++ exception, failed native check, or CUDA/NCCL abort in that task",
    "Bus error": "died of a bus error: /dev/shm too small or a file mapped from a vanished filesystem",
    "Illegal instruction": "executed an instruction the node's CPU does not support (binary built for a newer CPU)",
    "Floating point exception": "hit a floating-point exception in native code",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = facts.get("node")
    tasks = facts.get("tasks")
    task = facts.get("task")
    code = facts.get("exit_code")
    sig = facts.get("signal_name")
    job = facts.get("job_id")
    step = facts.get("step")
    reason = facts.get("reason")
    parts: list[str] = []
    fix: list[str] = []
    who = f"task{'s' if tasks and not str(tasks).isdigit() else ''} {tasks}" if tasks else "a task"
    where = f" on {node}" if node else ""
    if code is not None:
        what = f"{who}{where} exited with code {code}"
        parts.append(f"{who.capitalize()}{where} exited with status {code}.")
        if code == 1:
            parts.append(f"Status 1 from Python is an uncaught exception: read task {task}'s traceback before this line (prefixed '{task}:' with srun --label).")
        elif code == 2:
            parts.append("Status 2 is usually argparse rejecting the command line (a usage message is printed above).")
        elif code == 127:
            parts.append("Status 127 means the command was not found inside the step: the environment (module, conda, venv) is not active on the compute node.")
        elif code > 128:
            parts.append(f"Status {code} = 128 + {code - 128}: a wrapper script reports that its child died from signal {code - 128}.")
        fix.append(f"Find the first failing task (lowest time) and read its own error; with one torchrun per node, task {task} is the torchrun agent on {node or 'that node'} and its ChildFailedError summary names the GPU rank.")
    elif sig:
        meaning = _SIGNALS.get(str(sig), f"was terminated by {sig}")
        what = f"{who}{where} {str(sig).lower()}{(' ' + str(facts.get('core'))) if facts.get('core') else ''}"
        parts.append(f"{who.capitalize()}{where} {meaning}.")
        if sig == "Killed":
            fix.append(f"If no other task failed before it: sacct -j <jobid> --format=JobID,State,MaxRSS,ReqMem and dmesg on {node or 'the node'} for an OOM kill; then raise --mem or lower host memory per task.")
    elif job is not None:
        sid = f"{job}.{step}" if step else str(job)
        what = f"{'step' if step else 'job'} {sid}{where} was cancelled" + (f" due to {str(reason).lower()}" if reason else "")
        parts.append(f"slurmstepd cancelled {'step' if step else 'job'} {sid}{where}" + (f" due to {str(reason).lower()}." if reason else " - by scancel or by srun after a task failed (no time limit or node failure is named)."))
        parts.append("The tasks killed by this cancellation are teardown; the failure is whatever happened before it.")
    else:
        what = "a job step was aborted after a task failed"
        parts.append("srun aborted the job step and waits for the remaining tasks to end; the first failing task's output above holds the cause.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
