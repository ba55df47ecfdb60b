"""Computed diagnosis for nccl.communicator-aborted: what the recorded reason says about the first failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    reason = str(facts.get("reason") or "").strip()
    destroyed = facts.get("destroyed_rank")
    if rank is None and not reason:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    low = reason.lower()
    if destroyed is not None or "process group destroyed" in low:
        derived["what"] = "stop using the group after destroy_process_group (the process group was destroyed)"
        parts.append(
            f"Rank {rank}'s communicator was aborted because its process group was destroyed"
            + (f" (on rank {destroyed})" if destroyed is not None else "")
            + "; a collective still used it afterwards."
        )
        fix.append("Finish every collective (dist.barrier()) before dist.destroy_process_group(), and do not call collectives afterwards.")
        fix.append("If you re-created process groups, rebuild FSDP/DDP wrappers: they captured the destroyed group.")
    elif "timed out" in low or "timeout" in low:
        derived["what"] = "fix the collective that timed out first (original reason: timeout)"
        parts.append(f"The communicator was aborted after a collective timed out ('{reason[:160]}'): some rank did not join that collective in time.")
        fix.append("Find the rank that did not reach the collective (hung, crashed, or took another code path) in the logs before this line.")
    elif reason:
        derived["what"] = f"fix the original failure: {reason[:120]}"
        parts.append(f"The recorded reason for the abort is: {reason[:200]}.")
        fix.append("Diagnose that original failure; this error only follows from it.")
    else:
        derived["what"] = "find the first failure on any rank (no reason recorded)"
        parts.append(
            f"Rank {rank}'s NCCL communicator had been aborted before this call; no reason was recorded here, "
            "so the cause is the first timeout, NCCL error or crash on any rank."
        )
        fix.append("Sort all ranks' logs by time and read the first error before this line.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
