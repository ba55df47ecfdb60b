"""Computed diagnosis for jax.coordination-task-failed: which task to look at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    idx = facts.get("task_index")
    barrier = facts.get("barrier_id")
    who = f"task {idx}" if idx is not None else "the task named in the coordinator's log"
    if sig == "named-barrier-timeout":
        what = f"barrier {barrier} timed out" if barrier else "a barrier timed out"
        text = (f"{what}: {who} never arrived. It crashed, was never launched, or took a different code path "
                "(a rank-dependent early return or an extra barrier call).")
        fix = [f"Read {who}'s own log for its first error."]
        if idx == 0:
            fix.append("Task 0 is missing: process 0 (also the coordinator) crashed or was not started.")
        fix.append("Make every process call the same barriers in the same order.")
    elif sig in ("heartbeat-timeout", "tasks-unhealthy", "terminating-process"):
        what = f"{who} stopped sending heartbeats" if idx is not None else "a task stopped sending heartbeats"
        text = (f"The coordination service declared {who} dead and told every other process to terminate; "
                "the abort on healthy hosts is a consequence.")
        fix = [f"Open {who}'s own log (SLURM task / pod / TPU worker {idx if idx is not None else 'N'}) and find its first error, "
               "or the scheduler event (preemption, OOM kill) at that time."]
        if idx == 0:
            fix.append("Task 0 hosts the coordination service: if it died, every task loses the service.")
        fix.append("If that task was still working (checkpoint save, allocation), raise heartbeat_timeout_seconds in jax.distributed.initialize (jax 0.7+).")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
