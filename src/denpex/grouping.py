"""Reading many ranks at once: identical findings on many ranks become one row, and the ranks table
keeps the ranks that tell the story (initiating, suspects, failed, silent, the first collateral
rank and outliers), so a 128-rank report fits on a screen. The JSON keeps every finding and rank;
this is for the human-facing renderings (terminal, Markdown, web)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .models import Finding, RankSummary

MIN_GROUP = 3  # a finding on at least this many ranks is shown as one row


@dataclass(frozen=True)
class FindingGroup:
    role: str
    id: str
    findings: tuple[Finding, ...]

    @property
    def first(self) -> Finding:
        return self.findings[0]

    @property
    def ranks(self) -> list[int]:
        return sorted({f.rank for f in self.findings if f.rank is not None})

    @property
    def hosts(self) -> list[str]:
        return sorted({f.host for f in self.findings if f.host})

    @property
    def occurrences(self) -> int:
        return sum(f.occurrences for f in self.findings)

    @property
    def grouped(self) -> bool:
        return len(self.findings) > 1

    def where(self) -> str:
        if not self.grouped:
            f = self.first
            e = f.evidence[0] if f.evidence else None
            return "" if e is None else f"{e.file}:{e.line}" + (f" rank {e.rank}" if e.rank is not None else "")
        ranks = self.ranks
        out = f"{len(ranks)} ranks: {rank_ranges(ranks)}" if ranks else f"{len(self.findings)} places"
        if len(self.hosts) > 1:
            out += f" on {len(self.hosts)} hosts"
        return out

    def message(self) -> str:
        msgs = Counter(f.message for f in self.findings)
        top = msgs.most_common(1)[0][0]
        extra = f" ({len(msgs) - 1} other wording(s))" if len(msgs) > 1 else ""
        cause = f" - after {self.first.caused_by}" if self.first.caused_by and self.grouped else ""
        return top + extra + cause


def rank_ranges(ranks: Sequence[int]) -> str:
    """[0, 1, 2, 3, 6, 8, 9] -> '0-3, 6, 8-9'."""
    out: list[str] = []
    rs = sorted(set(ranks))
    i = 0
    while i < len(rs):
        j = i
        while j + 1 < len(rs) and rs[j + 1] == rs[j] + 1:
            j += 1
        out.append(str(rs[i]) if i == j else f"{rs[i]}-{rs[j]}")
        i = j + 1
    return ", ".join(out)


def group_findings(findings: Sequence[Finding]) -> list[FindingGroup]:
    """Findings of the same id and role on ``MIN_GROUP`` or more ranks as one group each (in the
    order of their first member); the others stay single."""
    by_key: dict[tuple[str, str], list[Finding]] = {}
    order: list[tuple[str, str]] = []
    for f in findings:
        key = (f.role, f.id)
        if key not in by_key:
            by_key[key] = []
            order.append(key)
        by_key[key].append(f)
    out: list[FindingGroup] = []
    for key in order:
        fs = by_key[key]
        if len({f.rank for f in fs if f.rank is not None}) >= MIN_GROUP:
            out.append(FindingGroup(key[0], key[1], tuple(fs)))
        else:
            out += [FindingGroup(f.role, f.id, (f,)) for f in fs]
    return out


KEEP_ROLES = frozenset({"initiating", "suspect", "failed", "silent"})


def notable_ranks(ranks: Sequence[RankSummary], limit: int = 12) -> tuple[list[RankSummary], list[RankSummary]]:
    """(shown, hidden): every initiating / suspect / failed / silent rank, the first collateral rank
    in time, and ranks whose collective sequence number differs from the majority; the rest of the
    collateral and healthy ranks are hidden when there are more than ``limit`` ranks."""
    if len(ranks) <= limit:
        return list(ranks), []
    seqs = Counter(r.seqnum for r in ranks if r.seqnum is not None)
    usual = seqs.most_common(1)[0][0] if seqs else None
    collateral = [r for r in ranks if r.role == "collateral" and r.first_failure_time]
    first_coll = min(collateral, key=lambda r: r.first_failure_time or "", default=None)
    shown, hidden = [], []
    for r in ranks:
        keep = (
            r.role in KEEP_ROLES
            or r is first_coll
            or (usual is not None and r.seqnum is not None and r.seqnum != usual)
        )
        (shown if keep else hidden).append(r)
    return shown, hidden
