"""Computed diagnosis for ray.raylet-died: name the node and where its death is recorded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    addr = facts.get("address")
    name = facts.get("node_name")
    nid = facts.get("node_id")
    derived: dict[str, Any] = {}
    node = addr or name or (f"node {str(nid)[:12]}..." if nid else "the node")
    derived.setdefault("address", addr or "?")
    derived.setdefault("node_name", name or addr or (str(nid)[:12] if nid else "?"))
    parts: list[str] = []
    fix: list[str] = []
    parts.append(
        f"Ray lost {node}" + (f" (node id {str(nid)[:16]}...)" if nid else "") + ". Every worker and actor on it died with it; "
        "ActorDiedError / ObjectLostError / NCCL errors that follow are consequences."
    )
    parts.append(
        f"Why it died is recorded on {node}, not in this log: its kernel log (an OOM kill of raylet or ray:: workers), "
        "/tmp/ray/session_latest/logs/raylet.out and raylet.err there, and the machine's cloud or Kubernetes events (preemption, eviction, reboot)."
    )
    host = addr or "<node>"
    fix.append(f"On {host}: dmesg -T | grep -iE 'killed process|out of memory|segfault' | tail; tail -n 100 /tmp/ray/session_latest/logs/raylet.out /tmp/ray/session_latest/logs/raylet.err")
    fix.append("On the head node: grep -iE 'marked dead|health check' /tmp/ray/session_latest/logs/gcs_server.out | tail (when the node stopped answering).")
    fix.append("Kubernetes: kubectl get events --sort-by=.lastTimestamp | grep -iE 'oomkill|evict|preempt' for the Ray worker pod on that node.")
    how = str(facts.get("how") or "")
    if "heartbeats" in how:
        parts.append("The GCS stopped hearing from its raylet: the raylet crashed or was OOM-killed, the machine was preempted or rebooted, or it was too overloaded or cut off to answer.")
    elif "unexpected" in how:
        parts.append("The raylet process vanished without a SIGTERM: by Ray's own list, SIGKILL (usually the kernel OOM killer), SIGSEGV/SIGBUS, or another signal.")
    elif "agent" in how:
        parts.append("The raylet shut itself down because its dashboard/runtime-env agent failed; dashboard_agent.log and runtime_env_agent.log on that node say why.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
