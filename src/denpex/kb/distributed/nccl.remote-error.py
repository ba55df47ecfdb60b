"""Computed diagnosis for nccl.remote-error: which peer went away."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    peer = facts.get("peer")
    os_error = facts.get("os_error")
    version = facts.get("nccl_version")
    if peer is None and os_error is None and version is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    if peer:
        how = f" ({os_error})" if os_error else ""
        parts.append(
            f"The connection to peer {peer}{how} was lost. That process most likely exited first: its own log holds the real error."
        )
        fix.append(f"Find which rank runs on {peer} (NCCL INFO init lines / launcher host list) and read that rank's log for its first error or a kill (OOM, SIGKILL, preemption).")
        fix.append(f"If the process on {peer} was alive and error-free, test the link: nccl-tests between this node and {peer}, ibstat, switch counters.")
    else:
        parts.append(
            "NCCL reported that a remote process exited or the network failed, without naming the peer in this log. "
            "Look for the rank whose log shows a different, earlier error."
        )
        fix.append("Rerun with NCCL_DEBUG=WARN so the 'Connection closed by remote peer <addr>' line names the peer.")
    if version:
        parts.append(f"NCCL {version}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
