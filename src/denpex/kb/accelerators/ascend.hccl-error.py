"""Computed diagnosis for ascend.hccl-error: which HCCL phase timed out and which rank to look at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("ei_code") or "")
    if not code:
        return None
    rank = facts.get("remote_rank")
    tag = facts.get("tag")
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if code == "EI0006":
        derived["what"] = "EI0006 link establishment (socket) timeout"
        text = ("The ranks could not build their HCCL links within HCCL_CONNECT_TIMEOUT: a peer never started the connection (it failed earlier, "
                "or is still loading/compiling) or the inter-node NPU network does not connect.")
        fix += ["Find the rank whose log shows a different or earlier error and fix it; if all ranks show EI0006, check hccn_tool -ip/-net_health/-tls on every node.",
                "If some ranks are legitimately slower to reach the first collective (big checkpoint load), raise HCCL_CONNECT_TIMEOUT."]
    else:
        op = f" in {tag}" if tag else ""
        who = f"remote rank {rank}" if rank is not None else "a peer rank"
        derived["what"] = f"EI0002 notify wait timeout{op}" + (f", waiting for rank {rank}" if rank is not None else "")
        text = (f"This rank waited{op} for {who}'s notify record until HCCL_EXEC_TIMEOUT expired: {who} stopped participating (crashed, hung or was killed) "
                "or runs a different sequence of collectives.")
        if rank is not None:
            derived["suspect_rank"] = int(rank)
            fix.append(f"Open rank {rank}'s log/plog and find its first error (or the point where it stopped); that is the root cause.")
        fix += ["If ranks run different numbers of steps (uneven data), make sharding even (drop_last=True) and avoid rank-conditional collectives.",
                "Raise HCCL_EXEC_TIMEOUT only if the peer is known to be slow (long evaluation/checkpoint on one rank)."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
