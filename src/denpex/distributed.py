"""Distributed runs: which rank failed first, which failures are collateral, who went silent.

The initiating failure is the earliest root-role finding in time. When the log
holds only collateral failures (every rank timed out in a collective, or was
torn down by torchrun), the suspect is, in order of evidence:

1. a rank that printed no failure while the others failed in or after a
   collective (it stopped participating: hang, deadlock, SIGKILL);
2. the rank whose NCCL watchdog SeqNum / last-completed counter is behind;
3. the rank torchrun's ChildFailedError summary names as "first observed".

Such verdicts carry ``suspect: true``: they are inferred, not read from an error line.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import attribution as attr
from .masking import Masker
from .models import Finding, RankSummary
from .rules import FAILURE_KINDS
from .unknown import strip_prefix

if TYPE_CHECKING:
    from .engine import AttributedHit

_SEQ = re.compile(r"SeqNum=(\d+)")
_LAST_DONE = re.compile(r"last completed NCCL work: (-?\d+)")
_WORLD = re.compile(r"\b(?:world[_ ]size|WORLD_SIZE|nranks|nRanks|num_processes)\s*[=:]?\s*(\d+)", re.IGNORECASE)
SUMMARY_ID = "dist.child-failed-summary"


def analyse_ranks(
    findings: list[Finding],
    hits: Sequence[AttributedHit],
    primary: Finding | None,
    masker: Masker,
) -> tuple[list[RankSummary], Finding | None, str, bool]:
    from .engine import compare_hits

    ranks = _known_ranks(findings, hits)
    rank_hosts = _rank_hosts(hits)
    order_certain = _order_certain(findings)
    summary = next((f for f in findings if f.id == SUMMARY_ID and isinstance(f.facts.get("root_rank"), int)), None)
    summary = summary or next((f for f in findings if f.id == SUMMARY_ID), None)
    summary_rank = summary.facts.get("root_rank") if summary else None
    if not isinstance(summary_rank, int):
        summary_rank = None
    own = [f for f in findings if f.rank == summary_rank and f is not summary and f.role != "noise"] if summary_rank is not None else []
    if (primary is not None and primary.role == "root" and primary.rank is None and summary_rank is not None
            and not (own and all(f.role == "collateral" for f in own))):
        # torchrun names the rank the root failure came from - unless that rank's own error is itself a
        # consequence (mp.spawn re-raises whichever process it saw end first: a peer's lost connection)
        primary.rank = summary_rank

    extra = ""
    seqs = _seqnums(hits)
    # a launcher's statement about a rank (torchrun's summary, mpirun's / srun's exit records) is not
    # that rank's own failure: a rank named only there printed nothing itself
    failing = {f.rank for f in findings if f.role != "noise" and f.rank is not None and not launcher_statement(f)}
    # a rank that printed a traceback or a fatal line failed too, even where the error itself is cut
    # off or unknown to the knowledge base: it is not the silent one
    # (not a launcher's own line about it: torchrun's agent logs "failed (exitcode: 1) local_rank: 0" at ERROR level)
    said = _launcher_lines(findings)
    failing |= {
        h.at.rank for h in hits
        if h.rule.entry_id is None and h.rule.sig_id in FAILURE_KINDS and h.at.rank is not None
        and (h.file_index, h.hit.line) not in said and attr.exit_record(h.hit.text) is None
    }
    if primary is not None and primary.role != "root":
        named = _named_by_launcher(findings, hits)
        who = _summary_who(summary)
        suspect = _suspect(ranks, failing, findings, seqs, summary_rank, [(r, why) for r, why, _, _ in named], who)
        if suspect is not None:
            r, why = suspect
            record = next(((f, h) for nr, _, f, h in named if nr == r), None)
            base = summary if summary is not None and summary_rank == r else (record[0] if record and record[0] else primary)
            own = _own_last_lines(hits, r, masker)
            last = own[-1] if own else None
            if record is not None:  # the launcher's line that names it is evidence too
                from .unknown import evidence_of

                rec_ev = evidence_of(record[1], masker)
                own = [e for e in own if e.text != rec_ev.text] + [rec_ev]
            # a new record: the collateral finding stays as it was in `findings`. Its evidence is the
            # suspect's own last lines (what it was doing when it stopped), never another rank's error
            primary = dataclasses.replace(
                base,
                rank=r,
                host=masker.host(rank_hosts.get(r)),
                suspect=True,
                caused_by=f"rank {r}",
                evidence=own,
                occurrences=len(own),
                time=last.time if last else None,
                time_certain=False,
                explanation=(
                    f"Suspect rank {r}: {why}. "
                    + (f"Its last line: \"{last.text.strip()[:200]}\". " if last else "It printed nothing this log shows. ")
                    + f"The other ranks' {base.id} is collateral: " + base.explanation
                ),
            )
            extra = f"Suspect: rank {r}: {why}."
    if primary is not None and primary.rank is not None:
        _mark_collateral(findings, primary, compare_hits)
        later = [f for f in findings if f is not primary and f.role == "collateral"]
        other_ranks = {f.rank for f in later if f.rank is not None and f.rank != primary.rank}
        if later and primary.role == "root":
            kinds = sorted({f.id for f in later})
            where = f" on {len(other_ranks)} other rank(s)" if other_ranks else ""
            extra = (extra + " " if extra else "") + f"{len(later)} collateral failure(s){where} followed ({', '.join(kinds)})."
    skew_note = _skew_note(findings, primary)
    if skew_note:
        order_certain = False
        extra = (extra + " " if extra else "") + skew_note
    if len(ranks) < 2:
        return [], primary, extra, order_certain

    table: list[RankSummary] = []
    progress = _last_progress(hits)
    last_lines = _last_lines(hits)
    for r in sorted(ranks):
        fs = [f for f in findings if f.rank == r and f.role != "noise"]
        fs.sort(key=functools.cmp_to_key(lambda a, b: compare_hits(a.order[0], b.order[0])))
        first = fs[0] if fs else None
        if primary is not None and primary.rank == r:
            role = "suspect" if primary.suspect else "initiating"
        elif first is None:
            role = "silent"
        elif all(f.role == "collateral" for f in fs):
            role = "collateral"
        else:
            role = "failed"
        prog = progress.get(r)
        is_primary = primary is not None and primary.rank == r
        if is_primary and primary is not None and primary.suspect:
            # a suspect printed no failure of its own: its row says so instead of borrowing one
            ff, ff_time, ff_line = None, None, None
        elif is_primary and primary is not None:
            ff, ff_time, ff_line = primary.id, primary.time, (primary.evidence[0] if primary.evidence else None)
        else:
            ff, ff_time, ff_line = (first.id, first.time, first.evidence[0] if first.evidence else None) if first else (None, None, None)
        table.append(
            RankSummary(
                rank=r,
                host=next((f.host for f in fs if f.host), None) or masker.host(rank_hosts.get(r)),
                first_failure=ff,
                first_failure_time=ff_time,
                first_failure_line=ff_line,
                last_progress=masker.mask(prog[0]) if prog else None,
                last_progress_time=prog[1] if prog else None,
                role=role,
                seqnum=seqs.get(r),
                last_line=masker.mask(strip_prefix(last_lines[r].hit.text)[:200]) if r in last_lines else None,
            )
        )
    return table, primary, extra, order_certain


SKEW_S = 2.0


def _skew_note(findings: list[Finding], primary: Finding | None) -> str:
    """Two hosts' failures within a couple of seconds: their clocks may disagree by that much."""
    if primary is None or primary.role != "root" or not primary.host:
        return ""
    pa = primary.order[0].at.time
    if pa is None:
        return ""
    for f in findings:
        if f is primary or f.role == "noise" or not f.host or f.host == primary.host:
            continue
        fb = f.order[0].at.time
        pair = attr.comparable(pa, fb) if fb else None
        if pair and abs(pair[1] - pair[0]) < SKEW_S:
            return (
                f"Order is ambiguous: {f.id} on {f.host} is only {abs(pair[1] - pair[0]):.2f} s from the primary on "
                f"{primary.host}; clock skew between hosts could reverse them."
            )
    return ""


def _known_ranks(findings: list[Finding], hits: Sequence[AttributedHit]) -> set[int]:
    ranks: set[int] = {h.at.rank for h in hits if h.at.rank is not None}
    for f in findings:
        if f.rank is not None:
            ranks.add(f.rank)
        rr = f.facts.get("root_rank")
        if isinstance(rr, int):
            ranks.add(rr)
    world = None
    for h in hits:
        m = _WORLD.search(h.hit.text)
        if m:
            world = max(world or 0, int(m.group(1)))
    if world and world <= 4096 and len(ranks) > 1 and max(ranks) < world:
        ranks |= set(range(world))
    return ranks


def _mark_collateral(findings: list[Finding], primary: Finding, compare_hits) -> None:  # type: ignore[no-untyped-def]
    p_hit = primary.order[0]
    for f in findings:
        if f is primary or f.role != "collateral":
            continue
        delta = ""
        a, b = p_hit.at.time, f.order[0].at.time
        if a and b:
            pair = attr.comparable(a, b)
            if pair:
                delta = f", {pair[1] - pair[0]:+.1f} s after it"
        f.caused_by = f"{primary.id} on rank {primary.rank}{delta}"


def launcher_statement(f: Finding) -> bool:
    """A finding that is a launcher's record about a rank rather than the rank's own output: torchrun's
    failure summary, a collateral launcher entry (mpirun's / srun's job summaries), an exit record."""
    return (
        f.id == SUMMARY_ID
        or (f.role == "collateral" and f.category == "launchers")
        or (bool(f.order) and attr.exit_record(f.order[0].hit.text) is not None)
    )


def _launcher_lines(findings: list[Finding]) -> dict[tuple[int, int], Finding]:
    """The launcher statements among the findings, by (file, line) of their first line."""
    return {(f.order[0].file_index, f.order[0].hit.line): f for f in findings if f.order and launcher_statement(f)}


_FIRST_EXIT = re.compile(r"^\s*Process name: \[(?:\[\d+,\d+\]|[^\s,\]]+),(?P<rank>\d+)\]")
_FIRST_EXIT_BY = re.compile(r"(?P<launcher>[\w.-]+) detected that one or more processes exited with non-zero status")


def _named_by_launcher(findings: list[Finding], hits: Sequence[AttributedHit]) -> list[tuple[int, str, Finding | None, AttributedHit]]:
    """Ranks a launcher names as having ended on their own, in log order: mpirun's "noticed that process
    rank N ... exited on signal S" and "The first process to do so was: Process name: [[j,1],N]", srun's
    "error: host: task N: Exited with exit code C / Killed" (not "Terminated": srun ended those itself),
    and collateral launcher entries that name one rank. Each with why it is suspect, the launcher
    finding on that line (if an entry knows it) and the line."""
    by_line = _launcher_lines(findings)
    out: list[tuple[tuple[int, int], int, str, Finding | None, AttributedHit]] = []
    seen: set[tuple[int, int]] = set()
    for h in hits:
        key = (h.file_index, h.hit.line)
        if key in seen:
            continue
        rec = attr.exit_record(h.hit.text)
        m = _FIRST_EXIT.match(h.hit.text) if rec is None else None
        if rec is not None and rec.own and len(rec.ranks) == 1:
            seen.add(key)
            out.append((key, rec.ranks[0], _exit_why(rec), by_line.get(key), h))
        elif m:
            seen.add(key)
            by = next((mb.group("launcher") for prev in reversed(h.hit.before[-6:]) if (mb := _FIRST_EXIT_BY.search(prev))), "mpirun")
            why = (f"{by} names it as the first process that exited with a non-zero status, and its own output in "
                   "this log shows no error (look in that rank's own output file)")
            out.append((key, int(m.group("rank")), why, by_line.get(key), h))
    have = {r for _, r, _, _, _ in out}
    for key, f in by_line.items():
        if (key not in seen and f.rank is not None and f.rank not in have and f.id != SUMMARY_ID and f.role == "collateral"
                and attr.prefix_rank(f.order[0].hit.text)[0] is None):  # "0: slurmstepd-vm: ... CANCELLED" is in task 0's stream, not about it
            out.append((key, f.rank, f"{f.id} names it ({f.message}), and its own output in this log shows no error", f, f.order[0]))
    out.sort(key=lambda x: x[0])
    return [(r, why, f, h) for _, r, why, f, h in out]


def _exit_why(rec: attr.ExitRecord) -> str:
    on = f" on {rec.host}" if rec.host else ""
    if rec.signal == 9:
        return (
            f"{rec.launcher} reports it was killed by signal 9 (SIGKILL){on} and it printed no error of its own: "
            "a kill from outside the program, most often the kernel's OOM killer when the node ran out of host "
            "memory (the same suspicion as torchrun's exitcode -9; check dmesg -T | grep -i -e oom -e 'killed process'"
            f"{on})"
        )
    return (f"{rec.launcher} reports it {rec.how()}{on} first, and its own output in this log shows no error "
            "(look in that rank's own output file)")


def _suspect(
    ranks: set[int], failing: set[int | None], findings: list[Finding], seqs: dict[int, int], summary_rank: int | None,
    named: Sequence[tuple[int, str]] = (), summary_who: str = "torchrun's ChildFailedError summary",
) -> tuple[int, str] | None:
    collateral_ranks = {f.rank for f in findings if f.role == "collateral" and f.rank is not None}
    if summary_rank is not None and summary_rank not in failing:
        return summary_rank, (
            f"{summary_who} names it as the first observed failure, and its own output "
            "in this log shows no error (look in that rank's own stderr / error file)"
        )
    for r, why in named:  # the launcher's own records of which process ended first, in log order
        if r not in failing:
            return r, why
    silent = sorted(ranks - failing)
    if collateral_ranks and silent and len(silent) < len(ranks):
        who = silent[0]
        also = f" (also silent: {', '.join(map(str, silent[1:]))})" if len(silent) > 1 else ""
        return who, (
            f"it printed no error while {len(collateral_ranks)} other rank(s) failed in or after a collective; "
            f"it stopped taking part (hang, deadlock, slow I/O, or killed without a trace){also}"
        )
    if len(seqs) >= 2 and len(set(seqs.values())) > 1:
        low = min(seqs.values())
        laggards = sorted(r for r, s in seqs.items() if s == low)
        return laggards[0], f"its collective sequence number ({low}) is behind the others ({max(seqs.values())})"
    if summary_rank is not None:
        return summary_rank, f"{summary_who} names it as the first observed failure"
    return None


def _summary_who(summary: Finding | None) -> str:
    """Which launcher's record named the failing process: torchrun's summary or mp.spawn's exception."""
    if summary is not None and summary.facts.get("launcher") == "torch.multiprocessing.spawn":
        return "torch.multiprocessing.spawn's exception (the process index it names is the local rank)"
    return "torchrun's ChildFailedError summary"


def _own_last_lines(hits: Sequence[AttributedHit], rank: int, masker: Masker) -> list:  # type: ignore[type-arg]
    """The suspect rank's own last progress line and last line, in log order (masked evidence)."""
    from .unknown import evidence_of

    mine = [h for h in hits if h.at.rank == rank and h.rule.entry_id is None and h.rule.sig_id in ("progress", "last-line")
            and attr.exit_record(h.hit.text) is None]  # a launcher's record about the rank is not its own line
    mine.sort(key=lambda h: (h.file_index, h.hit.line))
    seen: set[tuple[int, int]] = set()
    out = []
    for h in mine:
        if (h.file_index, h.hit.line) not in seen:
            seen.add((h.file_index, h.hit.line))
            out.append(evidence_of(h, masker))
    return out[-2:]


def _last_lines(hits: Sequence[AttributedHit]) -> dict[int, AttributedHit]:
    out: dict[int, AttributedHit] = {}
    for h in hits:
        if (h.rule.sig_id in ("last-line", "progress") and h.rule.entry_id is None and h.at.rank is not None
                and attr.exit_record(h.hit.text) is None):
            cur = out.get(h.at.rank)
            if cur is None or (h.file_index, h.hit.line) > (cur.file_index, cur.hit.line):
                out[h.at.rank] = h
    return out


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


def _last_progress(hits: Sequence[AttributedHit]) -> dict[int, tuple[str, str | None]]:
    out: dict[int, tuple[str, str | None]] = {}
    for h in hits:
        if h.rule.sig_id == "progress" and h.rule.entry_id is None and h.at.rank is not None:
            from .unknown import strip_prefix

            out[h.at.rank] = (strip_prefix(h.hit.text)[:160], h.at.time.iso() if h.at.time else None)
    return out


def _rank_hosts(hits: Sequence[AttributedHit]) -> dict[int, str]:
    """The host each rank's lines name (the first one seen)."""
    hosts: dict[int, str] = {}
    for h in hits:
        if h.at.rank is not None and h.at.host and h.at.rank not in hosts:
            hosts[h.at.rank] = h.at.host
    return hosts


def _order_certain(findings: list[Finding]) -> bool:
    roots = [f for f in findings if f.role == "root"]
    if len(roots) < 2:
        return True
    files = {f.order[0].file_index for f in roots}
    return not (len(files) > 1 and not all(f.time_certain for f in roots))
