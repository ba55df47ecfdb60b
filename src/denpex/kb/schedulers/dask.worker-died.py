"""Computed diagnosis for dask.worker-died: why the workers died (nanny memory kill, OS kill, crash) and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {9: "SIGKILL", 6: "SIGABRT", 11: "SIGSEGV", 7: "SIGBUS", 15: "SIGTERM"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    budget, sig, status = facts.get("budget_pct"), facts.get("signal"), facts.get("exit_status")
    task, attempts, limit = facts.get("task"), facts.get("attempts"), facts.get("memory_limit")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if isinstance(budget, int):
        what = f"the nanny restarted workers over {budget}% of their memory limit" + (f" ({limit})" if limit else "")
        parts.append(f"A worker's process memory passed {budget}% of its memory_limit{' of ' + limit if limit else ''}, so its nanny killed and restarted it.")
        fix.append("Give each worker more memory: fewer workers with a larger memory_limit (LocalCluster(n_workers=..., memory_limit='16GB'), dask worker --nworkers N --memory-limit X, dask-jobqueue memory=).")
        fix.append("Shrink what one task holds: smaller partitions/chunks (ddf.repartition(partition_size='100MB'), smaller array chunks) and no task that materialises the whole dataset.")
    elif sig == 9:
        what = "workers were SIGKILLed (OS/container OOM killer or the batch system)"
        parts.append("A worker was killed with SIGKILL from outside dask: the kernel or cgroup OOM killer (memory_limit set above the container's real limit) or the batch system enforcing its memory/time limit.")
        fix.append("Set the worker memory_limit below the container/job memory so dask spills and restarts first; check dmesg or the job scheduler's log for the kill.")
        fix.append("Reduce per-task memory (smaller partitions/chunks) or request more memory per worker.")
    elif isinstance(sig, int):
        name = _SIGNALS.get(sig, f"signal {sig}")
        what = f"a worker process died from {name}"
        parts.append(f"A worker process died from {name}" + (": a native crash in a library the task calls." if sig in (6, 7, 11) else "."))
        fix.append("Read that worker's own log for the native error above the death; run the failing task locally (dask.config.set(scheduler='sync')) to reproduce it.")
    elif isinstance(status, int):
        what = f"a worker process exited with status {status}"
        parts.append(f"A worker process exited with status {status}: the worker failed on its own (startup/import error, an uncaught exception, or sys.exit in task code).")
        fix.append("Read the worker log above the exit; make sure every worker has the same environment (packages, data paths) as the client.")
    elif task:
        what = f"task {task} killed {attempts or 'several'} workers"
        parts.append("Only the client's KilledWorker is in this log; the reason the workers died is in the worker/nanny logs.")
        fix.append("Fetch the worker logs (client.get_worker_logs(), the dask-jobqueue job output, kubectl logs of worker pods) and look for 'memory budget', 'killed by signal' or a traceback.")
        fix.append("Most KilledWorker cases are memory: test with fewer, larger workers or smaller partitions.")
    else:
        what = "worker memory pressure"
        parts.append("Workers were paused or lost under memory pressure.")
        fix.append("Give workers more memory or make partitions smaller.")
    if task:
        parts.append(f"Task {task} was running on {attempts or 'several'} workers that all died, so the scheduler stopped retrying it (KilledWorker): that task is the one to make smaller.")
    derived["what"] = what
    derived["what_text"] = f": {what}"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
