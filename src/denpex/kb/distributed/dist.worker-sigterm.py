"""Computed diagnosis for dist.worker-sigterm: who was terminated, and whether the agent was signalled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 9: "SIGKILL", 15: "SIGTERM"}
_EXTERNAL = {
    "SIGTERM": "the scheduler or a user stopped the job (scancel, SLURM time limit, preemption, Kubernetes pod deletion)",
    "SIGHUP": "the terminal / SSH session that started torchrun closed (run it under tmux, nohup or setsid)",
    "SIGINT": "someone pressed Ctrl-C or sent SIGINT",
    "SIGQUIT": "someone sent SIGQUIT",
    "SIGKILL": "the agent was killed outright",
}


def _signame(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).replace("Signals.", "")
    if text.isdigit():
        return _SIGNALS.get(int(text), f"signal {text}")
    return text


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pids = facts.get("pid")
    if isinstance(pids, int):
        pids = [pids]
    death = _signame(facts.get("death_signal")) or _signame(facts.get("signal_number"))
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if death:
        derived["agent_signalled"] = True
        why = _EXTERNAL.get(death, "a signal from outside the job")
        parts.append(
            f"The torchrun agent itself received {death}: {why}. It forwarded the signal to its workers; "
            "no worker needs to have failed."
        )
        fix.append("Check the scheduler record for this time: sacct -j $SLURM_JOB_ID -o State,ExitCode,Elapsed,Timelimit (or kubectl describe pod).")
    if isinstance(pids, list) and pids:
        derived["terminated_workers"] = len(pids)
        shown = ", ".join(str(p) for p in pids[:8]) + (" ..." if len(pids) > 8 else "")
        sig = _signame(facts.get("signal")) or "SIGTERM"
        if not death:
            parts.append(
                f"torchrun sent {sig} to {len(pids)} worker(s) still alive (pid {shown}) because another worker had "
                "already exited. Those workers are victims: the first failure is the local rank whose pid is NOT in "
                "this list, named in the 'failed (exitcode: X) local_rank: Y (pid: Z)' line."
            )
            try:
                ordered = sorted(int(p) for p in pids)
                gaps = [p for p in range(ordered[0], ordered[-1] + 1) if p not in set(ordered)]
            except (TypeError, ValueError):
                gaps = []
            if len(gaps) == 1:
                derived["suspect_pid"] = gaps[0]
                parts.append(f"The worker pids are consecutive except {gaps[0]}: that is most likely the worker that failed first.")
                fix.append(f"Search the log and the worker logs for pid {gaps[0]} (and its [rankN]: lines) to find its traceback.")
        if facts.get("kill_signal"):
            parts.append(f"At least one worker ignored {sig} for 30 s and was killed with {_signame(facts['kill_signal'])}; it was probably stuck in a collective.")
    if not parts:
        return None
    fix.append("Re-run with @record on main() and torchrun --log-dir DIR --tee 3 so the failing worker's traceback is kept.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
