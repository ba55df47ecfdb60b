"""Result records passed from the engine to renderers (frozen where they are final)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Explanation:
    """What an entry's ``explain(facts)`` function returns: text computed for this run."""

    text: str
    fix: tuple[str, ...] = ()
    derived: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Evidence:
    file: str
    line: int
    text: str
    rank: int | None = None
    host: str | None = None
    time: str | None = None


@dataclass
class Finding:
    id: str
    title: str
    role: str
    severity: str
    category: str
    signature: str
    confidence: float
    facts: dict[str, Any]
    evidence: list[Evidence]
    message: str
    explanation: str
    fix: list[str]
    verify: str
    occurrences: int = 1
    rank: int | None = None
    host: str | None = None
    time: str | None = None
    time_certain: bool = False
    suspect: bool = False
    caused_by: str | None = None
    order: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("order", None)
        return d


@dataclass
class SkippedInput:
    path: str
    reason: str


@dataclass
class InputInfo:
    name: str
    bytes: int = 0
    lines: int = 0
    compression: str | None = None
    notes: list[str] = field(default_factory=list)
    blank: bool = field(default=True, repr=False)  # nothing but whitespace was read (set by the scan)


@dataclass
class InputsReport:
    files: list[InputInfo] = field(default_factory=list)
    skipped: list[SkippedInput] = field(default_factory=list)

    @property
    def total_bytes(self) -> int:
        return sum(f.bytes for f in self.files)

    @property
    def total_lines(self) -> int:
        return sum(f.lines for f in self.files)

    @property
    def empty(self) -> bool:
        """Every input was read and none held anything but whitespace (a lost or unwritten log)."""
        return bool(self.files) and all(f.blank for f in self.files)

    def to_dict(self) -> dict[str, Any]:
        return {
            "files": [{k: v for k, v in asdict(f).items() if k != "blank"} for f in self.files],
            "skipped": [asdict(s) for s in self.skipped],
            "total_bytes": self.total_bytes,
            "total_lines": self.total_lines,
            "empty": self.empty,
        }


@dataclass
class ErrorTemplate:
    template: str
    count: int
    first: Evidence


@dataclass
class UnknownSummary:
    """Honest fallback when no knowledge-base entry matches."""

    exceptions: list[Evidence] = field(default_factory=list)
    fatal_lines: list[Evidence] = field(default_factory=list)
    exit_codes: list[Evidence] = field(default_factory=list)
    templates: list[ErrorTemplate] = field(default_factory=list)
    error_lines: list[Evidence] = field(default_factory=list)  # no exception class: OS, shell, build, pip, MPI
    handled: list[Evidence] = field(default_factory=list)  # printed, then the run went on: not failures

    def is_empty(self) -> bool:
        return not (self.exceptions or self.fatal_lines or self.exit_codes or self.error_lines)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RankSummary:
    rank: int | None
    host: str | None
    first_failure: str | None
    first_failure_time: str | None
    first_failure_line: Evidence | None
    last_progress: str | None
    last_progress_time: str | None
    role: str  # initiating / collateral / silent / healthy
    seqnum: int | None = None
    last_line: str | None = None  # the last thing the rank printed (a silent rank's clue)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Diagnosis:
    primary: Finding | None
    findings: list[Finding]
    inputs: InputsReport
    unknown: UnknownSummary | None = None
    ranks: list[RankSummary] = field(default_factory=list)
    verdict: str = ""
    order_certain: bool = True

    @property
    def exit_code(self) -> int:
        if (self.inputs.empty or not self.inputs.files) and self.primary is None:
            return 2  # a lost log must not pass a CI gate as "no failure"
        if self.primary is not None:
            return 1
        if self.unknown is not None and not self.unknown.is_empty():
            return 1
        return 0

    def __repr__(self) -> str:
        p = self.primary
        who = f" rank={p.rank}" if p is not None and p.rank is not None else ""
        return (f"<Diagnosis {p.id if p else 'no failure'}{who} exit_code={self.exit_code} "
                f"findings={len(self.findings)} ranks={len(self.ranks)}: {self.verdict[:120]!r}>")

    def _repr_html_(self) -> str:
        """A compact report for notebooks (Jupyter displays it instead of the repr)."""
        from html import escape

        p = self.primary
        rows = [f"<p><b>{escape(self.verdict)}</b></p>"]
        if p is not None:
            rows.append(f"<p><code>{escape(p.id)}</code> [{escape(p.severity)}, {escape(p.role)}"
                        f"{', suspect' if p.suspect else ''}]</p>")
            rows += [f"<pre style='white-space:pre-wrap'>{escape(e.text)}</pre>" for e in p.evidence[:2]]
            rows.append(f"<p>{escape(p.explanation)}</p>")
            if p.fix:
                rows.append("<ol>" + "".join(f"<li>{escape(f)}</li>" for f in p.fix) + "</ol>")
        others = [f for f in self.findings if f is not p]
        if others:
            rows.append(f"<p>{len(others)} other finding(s): " + escape(", ".join(sorted({f.id for f in others}))) + "</p>")
        return "<div class='denpex-diagnosis'>" + "".join(rows) + "</div>"

    def to_dict(self) -> dict[str, Any]:
        from . import __version__

        return {
            "schema_version": "1",
            "denpex_version": __version__,
            "verdict": self.verdict,
            "primary": self.primary.to_dict() if self.primary else None,
            "findings": [f.to_dict() for f in self.findings],
            "ranks": [r.to_dict() for r in self.ranks],
            "order_certain": self.order_certain,
            "unknown": self.unknown.to_dict() if self.unknown else None,
            "inputs": self.inputs.to_dict(),
        }
