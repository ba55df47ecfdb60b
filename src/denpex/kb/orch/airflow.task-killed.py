"""Computed diagnosis for airflow.task-killed: which signal ended the task and what sends it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIG = {9: "SIGKILL", 15: "SIGTERM", 11: "SIGSEGV", 6: "SIGABRT", 2: "SIGINT", 1: "SIGHUP"}


def _signal(facts: Mapping[str, Any]) -> str | None:
    rc = str(facts.get("return_code") or "")
    if rc.startswith("Negsignal."):
        return rc.split(".", 1)[1]
    num = facts.get("signal")
    if num is None and rc.lstrip("-").isdigit():
        num = int(rc)
    if isinstance(num, int):
        return _SIG.get(abs(num), f"signal {abs(num)}")
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = _signal(facts)
    if sig is None:
        if facts.get("oom_hint"):
            sig = "SIGKILL"
        else:
            return None
    if sig == "SIGKILL":
        return Explanation(
            text=("The task process was killed with SIGKILL: on an Airflow worker this is almost always out of memory "
                  "(the kernel OOM killer or the container's memory limit). No traceback is printed for SIGKILL."),
            fix=("Raise the worker's memory limit or lower worker_concurrency so fewer heavy tasks share it",
                 "Move the heavy step into its own pod/job (KubernetesPodOperator with resources, or an external training job)",
                 "Reduce peak memory in the task (chunked reads, no large XComs)"),
            derived={"signal": sig, "likely": "out of memory"})
    if sig == "SIGTERM":
        return Explanation(
            text=("The task process received SIGTERM: Airflow or the platform asked it to stop - execution_timeout, the task "
                  "state changed from outside (marked failed/cleared), zombie detection, worker shutdown or pod eviction."),
            fix=("Look for 'Received SIGTERM' / 'Timeout' lines before this one and the task's audit log",
                 "Raise execution_timeout if the task legitimately runs longer"),
            derived={"signal": sig})
    if sig == "SIGSEGV":
        return Explanation(text="The task process crashed with SIGSEGV in native code (a C extension or a library built for another platform).",
                           fix=("Set PYTHONFAULTHANDLER=true and rerun to see the native stack",), derived={"signal": sig})
    return Explanation(text=f"The task process ended by {sig}, sent from outside the task code.",
                       fix=("Check the worker's logs and the platform's events at that time",), derived={"signal": sig})
