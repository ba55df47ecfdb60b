"""Computed diagnosis for dist.rendezvous-closed: who closed which run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation:
    run_id = facts.get("run_id")
    node = facts.get("closing_node")
    derived: dict[str, Any] = {"run_text": f" '{run_id}'" if run_id else ""}
    parts: list[str] = []
    fix: list[str] = []
    if node:
        host = str(node).rsplit("_", 2)[0] if str(node).count("_") >= 2 else str(node)
        derived["closing_host"] = host
        derived["what"] = f"fix the failure on {host}, whose agent closed it first"
        parts.append(f"Agent '{node}' (host {host}) closed the rendezvous; this agent could not start a new round afterwards.")
        fix.append(f"Read the log of {host} for its first error (worker failure beyond --max-restarts, SIGTERM, Ctrl-C).")
    else:
        derived["what"] = "fix the first failure on the other nodes, or use a fresh --rdzv-id"
        parts.append("Another agent of this run closed the rendezvous (it exited or gave up), or the --rdzv-id was already used by a finished job.")
        fix.append("Find the node that logged \"has closed the rendezvous\" and read its first error.")
    fix.append("Start every job with a unique --rdzv-id (e.g. $SLURM_JOB_ID).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
