"""Computed diagnosis for ray.gcs-unreachable: reads the address Ray tried (empty host, dashboard port, ...)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    addr = facts.get("address")
    sig = facts.get("_signature")
    if sig == "within-timeout" and not addr:
        secs = facts.get("seconds")
        return Explanation(
            text=f"This process had been connected, then the GCS stayed unreachable for {secs or 60} s: the head's gcs_server most likely died or was stopped.",
            fix=("On the head node read /tmp/ray/session_latest/logs/gcs_server.out (and dmesg for the OOM killer); check nothing ran `ray stop`.",
                 "In threaded apps (Streamlit, vLLM loaded from a thread) call ray.init() in the main thread first."),
            derived={"at": f" (connection lost for {secs or 60} s after connecting)", "detail": "GCS lost after connecting"},
        )
    if addr is None:
        return None
    host, _, port = addr.rpartition(":")
    fix: list[str] = []
    if not host:
        text = f"Ray tried address '{addr}': the host part is empty, so the variable holding the head IP (MASTER_ADDR / HEAD_IP) is unset on this node."
        fix.append("Export the head's IP before ray start, e.g. ray start --address=$HEAD_IP:6379, and fail the script if it is empty.")
        detail = " (empty host)"
    elif port in ("8265", "10001"):
        what = "dashboard/job-submission" if port == "8265" else "Ray Client"
        text = f"Ray tried {addr}: port {port} is the {what} port, not the GCS port."
        fix.append(f"Use {host}:6379 for ray start --address / ray.init(address=...); keep :{port} for {'ray job submit' if port == '8265' else 'ray://'}.")
        detail = f" (port {port} is not the GCS port)"
    else:
        text = f"Nothing answered at {addr}: the head is not running there yet, its GCS died, or the port is blocked from this node."
        fix.append(f"From this node: nc -zv {host} {port or 6379}; on the head: ps aux | grep gcs_server.")
        fix.append("Start workers only after the head is up; open the port in the firewall / security group / network policy.")
        detail = ""
    return Explanation(text=text, fix=tuple(fix), derived={"at": f" at {addr}{detail}", "detail": detail.strip(" ()")})
