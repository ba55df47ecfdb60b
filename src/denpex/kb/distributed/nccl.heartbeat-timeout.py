"""Computed diagnosis for nccl.heartbeat-timeout: which group's watchdog froze, for how long."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    secs = facts.get("heartbeat_timeout_s")
    pg = facts.get("process_group")
    pending = facts.get("pending_works")
    rank = facts.get("rank")
    if secs is None and pg is None and pending is None:
        return None
    who = f"rank {rank}" if isinstance(rank, int) else "this rank"
    group = f"process group {pg}" if isinstance(pg, int) else "a process group"
    parts = [f"The NCCL watchdog thread of {group} on {who} stopped looping"]
    derived: dict[str, Any] = {}
    if isinstance(secs, int):
        derived["heartbeat_timeout_min"] = round(secs / 60, 1)
        parts[0] += f" for {secs} s ({secs / 60:.0f} min, the TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC window)"
    parts[0] += ", so the heartbeat monitor dumped debug info and aborted the process."
    if isinstance(pending, int):
        if pending > 0:
            parts.append(
                f"{pending} collective(s) were still outstanding: the watchdog is most likely blocked in a CUDA/NCCL call "
                "while handling a stuck or failed collective."
            )
        else:
            parts.append("No collective was outstanding: the watchdog blocked outside a collective (CUDA call, lock or GIL).")
    if isinstance(pg, int) and pg != 0:
        parts.append(
            f"Group {pg} is not the default group: it is a sub-group (tensor/pipeline/data parallel); check which ranks belong to it."
        )
    parts.append("Look for an earlier collective timeout, NCCL/CUDA error or Xid on these ranks: that is the cause.")
    fix = [
        "dmesg -T | grep -i xid on the node (GPU fault makes the watchdog's CUDA calls hang).",
        "py-spy dump --native --pid <pid> on a stuck rank to see the blocking call.",
    ]
    if isinstance(secs, int):
        fix.append(
            f"Only if the stall is legitimate: TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC={max(secs * 3, 1800)} (currently {secs})."
        )
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
