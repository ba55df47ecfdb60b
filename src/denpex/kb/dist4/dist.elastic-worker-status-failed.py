"""Computed diagnosis for dist.elastic-worker-status-failed: which ranks the events name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ranks_raw = facts.get("global_rank")
    if isinstance(ranks_raw, (list, tuple)):
        ranks = [str(r) for r in ranks_raw if r not in (None, "null")]
    elif ranks_raw not in (None, "null"):
        ranks = [str(ranks_raw)]
    else:
        ranks = []
    host = facts.get("hostname")
    seen: list[str] = []
    for r in ranks:
        if r not in seen:
            seen.append(r)
    where = f" on {host}" if host else ""
    if seen:
        shown = ", ".join(seen[:16]) + (" ..." if len(seen) > 16 else "")
        text = f"The elastic agent recorded FAILED for global rank(s) {shown}{where}. These JSON events only mark the end state; the cause is the first rank's own error printed above them."
    else:
        text = f"The elastic agent recorded a FAILED run{where}; the cause is a worker's own error printed above the events."
    fix = [
        "Search upward for the first Traceback / 'failed (exitcode: N) local_rank: R' line; exitcode -9 = killed (host OOM), -11 = segfault, 1 = Python exception.",
        "Add @record (torch.distributed.elastic.multiprocessing.errors) to the entry point so raw_error carries the traceback instead of <NONE>.",
    ]
    return Explanation(text=text, fix=tuple(fix), derived={"failed_ranks": seen})
