"""Distributed runs: which rank failed first, which failures are collateral, who went silent.

The initiating failure is the earliest root-role finding in time. When the log
holds only collateral failures (every rank timed out in a collective), the
suspect is the rank missing from the collective or lagging behind in the NCCL
watchdog's SeqNum / last-completed counters; such verdicts carry ``suspect``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .masking import Masker
from .models import Evidence, Finding, RankSummary

if TYPE_CHECKING:
    from .engine import AttributedHit

_SEQ = re.compile(r"SeqNum=(\d+)")
_LAST_DONE = re.compile(r"last completed NCCL work: (-?\d+)")
_WORLD = re.compile(r"\b(?:world[_ ]size|WORLD_SIZE|nranks|nRanks|num_processes)\s*[=:]?\s*(\d+)", re.IGNORECASE)
_PROGRESS = re.compile(r"\b(?:step|iter(?:ation)?|epoch|global_step)\b\s*[:=#]?\s*(\d+)", re.IGNORECASE)


def _finding_rank(f: Finding) -> int | None:
    return f.rank


def analyse_ranks(
    findings: list[Finding],
    hits: Sequence[AttributedHit],
    primary: Finding | None,
    masker: Masker,
) -> tuple[list[RankSummary], Finding | None, str, bool]:
    from .engine import compare_hits

    ranked_hits = [h for h in hits if h.at.rank is not None]
    ranks: set[int] = {h.at.rank for h in ranked_hits if h.at.rank is not None}
    for f in findings:
        if f.rank is not None:
            ranks.add(f.rank)
        rr = f.facts.get("root_rank")
        if isinstance(rr, int):
            ranks.add(rr)
    world = _world_size(hits)
    if world and world <= 4096 and len(ranks) > 1:
        ranks |= set(range(world))
    order_certain = _order_certain(findings)
    if len(ranks) < 2:
        primary = _apply_summary_root(findings, primary)
        return [], primary, "", order_certain

    extra = ""
    primary = _apply_summary_root(findings, primary)
    seqs = _seqnums(hits)
    if primary is not None and primary.role != "root":
        suspect = _suspect_rank(ranks, findings, seqs)
        if suspect is not None:
            r, why = suspect
            primary.suspect = True
            primary.caused_by = f"rank {r}"
            extra = f"Suspect: rank {r} ({why})."
    elif primary is not None and primary.rank is not None:
        later = [f for f in findings if f is not primary and f.role != "noise" and f.rank != primary.rank]
        for f in later:
            f.caused_by = f"{primary.id} on rank {primary.rank}"
        if later:
            kinds = sorted({f.id for f in later})
            extra = f"{len(later)} later failure(s) on other ranks ({', '.join(kinds)}) are consequences."

    table: list[RankSummary] = []
    for r in sorted(ranks):
        fs = [f for f in findings if f.rank == r and f.role != "noise"]
        fs.sort(key=functools.cmp_to_key(lambda a, b: compare_hits(a.order[0], b.order[0])))
        first = fs[0] if fs else None
        prog = _last_progress([h for h in ranked_hits if h.at.rank == r])
        if primary is not None and primary.rank == r and primary.role == "root":
            role = "initiating"
        elif primary is not None and primary.suspect and primary.caused_by == f"rank {r}":
            role = "suspect"
        elif first is not None:
            role = "collateral" if all(f.role == "collateral" for f in fs) or primary is not None else "failed"
        else:
            role = "silent"
        table.append(
            RankSummary(
                rank=r,
                host=first.host if first else None,
                first_failure=first.id if first else None,
                first_failure_time=first.time if first else None,
                first_failure_line=first.evidence[0] if first else None,
                last_progress=prog[0] if prog else None,
                last_progress_time=prog[1] if prog else None,
                role=role,
                seqnum=seqs.get(r),
            )
        )
    return table, primary, extra, order_certain


def _apply_summary_root(findings: list[Finding], primary: Finding | None) -> Finding | None:
    """torchrun's 'Root Cause (first observed failure)' names a rank: attach it to the primary."""
    summary = next((f for f in findings if f.id == "dist.child-failed-summary"), None)
    if summary is None:
        return primary
    root_rank = summary.facts.get("root_rank")
    if not isinstance(root_rank, int):
        return primary
    if primary is not None and primary.role == "root" and primary.rank is None:
        primary.rank = root_rank
    elif primary is not None and primary.role != "root":
        # only collateral in the log: the summary's root cause is the best evidence there is
        primary = summary
        primary.rank = root_rank
        primary.suspect = True
    return primary


def _world_size(hits: Sequence[AttributedHit]) -> int | None:
    best = None
    for h in hits:
        m = _WORLD.search(h.hit.text)
        if m:
            best = max(best or 0, int(m.group(1)))
    return best


def _seqnums(hits: Sequence[AttributedHit]) -> dict[int, int]:
    out: dict[int, int] = {}
    for h in hits:
        if h.at.rank is None:
            continue
        m = _LAST_DONE.search(h.hit.text)
        if m:
            out[h.at.rank] = int(m.group(1)) + 1
            continue
        m = _SEQ.search(h.hit.text)
        if m and h.at.rank not in out:
            out[h.at.rank] = int(m.group(1))
    return out


def _suspect_rank(ranks: set[int], findings: list[Finding], seqs: dict[int, int]) -> tuple[int, str] | None:
    timed_out = {f.rank for f in findings if f.id in ("nccl.watchdog-timeout", "nccl.heartbeat-timeout") and f.rank is not None}
    if timed_out:
        missing = sorted(ranks - timed_out)
        if missing:
            return missing[0], "absent from the collective every other rank timed out in"
    if len(seqs) >= 2 and len(set(seqs.values())) > 1:
        low = min(seqs.values())
        laggards = sorted(r for r, s in seqs.items() if s == low)
        if len(laggards) < len(seqs):
            return laggards[0], f"its collective sequence number {low} is behind the others ({max(seqs.values())})"
    return None


def _last_progress(hits: Sequence[AttributedHit]) -> tuple[str, str | None] | None:
    for h in reversed(hits):
        m = _PROGRESS.search(h.hit.text)
        if m:
            return m.group(0), h.at.time.iso() if h.at.time else None
    return None


def _order_certain(findings: list[Finding]) -> bool:
    roots = [f for f in findings if f.role == "root"]
    if len(roots) < 2:
        return True
    files = {f.order[0].file_index for f in roots}
    if len(files) > 1 and not all(f.time_certain for f in roots):
        return False
    return True


__all__ = ["analyse_ranks", "Evidence"]
