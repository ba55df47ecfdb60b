"""Computed diagnosis for system.host-oom-killed: who was killed, how big it was, and which limit hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid = facts.get("pid")
    proc = facts.get("process")
    rss_kb = facts.get("anon_rss_kb")
    constraint = facts.get("constraint")
    events = facts.get("oom_events")
    step = facts.get("step")
    if pid is None and proc is None and rss_kb is None and constraint is None and events is None:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    who = f"{proc or 'process'}" + (f" (pid {pid})" if pid is not None else "")
    if rss_kb is not None:
        gib = rss_kb / 1024**2
        derived["anon_rss_gib"] = round(gib, 2)
        parts.append(f"The kernel OOM killer sent SIGKILL to {who} while it held {gib:.2f} GiB of anonymous resident memory.")
        fix.append(
            f"Budget at least {gib * 1.25:.0f} GiB of host RAM for this process (measured {gib:.1f} GiB + 25%), "
            "or cut its resident memory (fewer DataLoader workers, memory-mapped data, torch.load(..., mmap=True))."
        )
    elif proc is not None:
        parts.append(f"The kernel OOM killer sent SIGKILL to {who}.")
    elif pid is not None:
        derived["sigkill_only"] = True
        parts.append(
            f"Process {pid} received SIGKILL. That is most often the OOM killer, but a scheduler escalating after "
            "SIGTERM or a manual kill -9 look the same: confirm with dmesg on that node."
        )
        fix.append("dmesg -T | grep -iE 'killed process|oom-kill' on the node, matching the pid and time.")
    if constraint == "CONSTRAINT_MEMCG":
        derived["limit"] = "cgroup"
        parts.append("The constraint was a memory cgroup: the container / pod / job limit was reached, not the machine's RAM.")
        fix.append("Raise the cgroup limit (Kubernetes resources.limits.memory, docker --memory, sbatch --mem) or reduce usage below it.")
    elif constraint == "CONSTRAINT_NONE":
        derived["limit"] = "host"
        parts.append("The constraint was global: the whole machine ran out of RAM and swap, so every process on it competed.")
        fix.append("Check what else runs on the host (other jobs, notebooks) and the per-process RSS of DataLoader workers.")
    if events is not None:
        derived["limit"] = "slurm-cgroup"
        parts.append(
            f"Slurm's cgroup recorded {events} oom-kill event(s)" + (f" in step {step}" if step else "")
            + "; the job exceeded the memory it requested."
        )
        fix.append("Check sacct -j <jobid> --format=JobID,State,MaxRSS,ReqMem and request more with --mem / --mem-per-cpu, or reduce usage.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
