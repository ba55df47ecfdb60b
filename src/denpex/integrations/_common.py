"""Shared helpers: walk a diagnosis dict into annotatable issues.

Input is always the dict produced by ``Diagnosis.to_dict()`` / ``denpex diagnose --json``
(schema: ``denpex/schemas/diagnosis.schema.json``). Nothing here reads log files.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

STDIN_NAME = "<stdin>"
UNMATCHED_ID = "denpex.unmatched-failure"

# C0/C1 control characters (ANSI escapes, BEL, backspace...) and Unicode bidi overrides
# ("trojan source") never belong in an annotation; tabs and newlines are handled by callers.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def clean(text: Any, limit: int | None = None) -> str:
    """Text from a diagnosis, safe to show: no ANSI escapes or control characters, bounded length."""
    s = "" if text is None else str(text)
    s = _CONTROL.sub("", _ANSI.sub("", s))
    if limit is not None and len(s) > limit:
        s = s[: max(0, limit - 1)] + "…"
    return s


@dataclass
class Issue:
    """One thing worth pointing at: a finding (or an unmatched failure line) at one log line."""

    level: str  # "error" | "warning" | "notice"
    id: str
    role: str  # root | collateral | noise | unmatched
    severity: str
    title: str
    message: str
    file: str | None
    line: int | None
    finding: dict[str, Any] | None = None
    evidence: list[dict[str, Any]] = field(default_factory=list)
    primary: bool = False


def load_diagnosis(path: str | Path) -> dict[str, Any]:
    """Read a ``denpex diagnose --json`` document ('-' for stdin); raise ValueError if it is not one."""
    text = sys.stdin.read() if str(path) == "-" else Path(path).read_text(encoding="utf-8")
    try:
        d = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a denpex JSON document: {exc}") from None
    if not isinstance(d, dict) or d.get("schema_version") != "1" or "findings" not in d:
        raise ValueError("not a denpex diagnosis (schema_version 1) document")
    return d


def who(f: dict[str, Any]) -> str:
    parts = []
    if f.get("rank") is not None:
        parts.append(f"rank {f['rank']}")
    if f.get("host"):
        parts.append(f"host {f['host']}")
    if f.get("time"):
        parts.append(f"at {f['time']}")
    return ", ".join(parts)


def location(ev: dict[str, Any] | None) -> tuple[str | None, int | None]:
    if not ev:
        return None, None
    file = ev.get("file")
    line = ev.get("line")
    if not file or file == STDIN_NAME:
        return None, None
    return str(file), int(line) if isinstance(line, int) and line >= 1 else None


def finding_message(f: dict[str, Any], with_fix: bool = True) -> str:
    """Headline, run-specific explanation and (optionally) the first fix, as plain text."""
    head = clean(f.get("message") or f.get("title") or f.get("id"))
    w = who(f)
    if w:
        head += f" ({clean(w)})"
    if f.get("suspect"):
        head = "Suspected: " + head
    parts = [head]
    if f.get("explanation"):
        parts.append(clean(f["explanation"]))
    if f.get("caused_by") and f.get("role") != "root":
        parts.append(f"Caused by: {clean(f['caused_by'])}")
    fixes = f.get("fix") or []
    if with_fix and fixes:
        parts.append("Fix: " + clean(fixes[0]))
    return "\n\n".join(parts)


def has_unmatched_failure(d: dict[str, Any]) -> bool:
    u = d.get("unknown") or {}
    return any(u.get(k) for k in ("exceptions", "fatal_lines", "error_lines", "exit_codes"))


def primary_index(d: dict[str, Any]) -> int | None:
    p = d.get("primary")
    if not p:
        return None
    findings = d.get("findings") or []
    for i, f in enumerate(findings):
        if f == p:
            return i
    # Same entry at the same first evidence line (e.g. a dict edited after the fact).
    first = (p.get("evidence") or [None])[0]
    for i, f in enumerate(findings):
        if f.get("id") == p.get("id") and (f.get("evidence") or [None])[0] == first:
            return i
    return None


def iter_issues(d: dict[str, Any]) -> Iterator[Issue]:
    """Primary first (level error), then other findings in report order, then unmatched lines.

    Levels: the primary is an ``error``; other root and collateral findings are ``warning``;
    noise is ``notice``. When no knowledge-base entry matched (``unknown``), the first likely
    failure line is an ``error`` if there is no primary, and the rest are ``warning``.
    """
    findings = list(d.get("findings") or [])
    p = d.get("primary")
    pi = primary_index(d)
    ordered: list[tuple[dict[str, Any], bool]] = []
    if p:
        ordered.append((p, True))
    ordered += [(f, False) for i, f in enumerate(findings) if i != pi]
    for f, is_primary in ordered:
        role = f.get("role") or "root"
        level = "error" if is_primary else ("notice" if role == "noise" else "warning")
        ev = list(f.get("evidence") or [])
        file, line = location(ev[0] if ev else None)
        yield Issue(
            level=level, id=str(f.get("id")), role=role, severity=str(f.get("severity") or "medium"),
            title=clean(f.get("title")), message=finding_message(f), file=file, line=line,
            finding=f, evidence=ev, primary=is_primary,
        )
    u = d.get("unknown") or {}
    seen: set[tuple[Any, Any]] = set()
    first = p is None
    kinds = (("exceptions", "final exception"), ("fatal_lines", "fatal line"), ("error_lines", "error line"), ("exit_codes", "exit code / signal"))
    for kind, label in kinds:
        for ev in u.get(kind) or []:
            key = (ev.get("file"), ev.get("line"))
            if key in seen:
                continue
            seen.add(key)
            file, line = location(ev)
            text = clean(ev.get("text"), 300)
            yield Issue(
                level="error" if first else "warning", id=UNMATCHED_ID, role="unmatched",
                severity="high" if kind != "exit_codes" else "medium",
                title=f"No knowledge-base entry matched ({label})",
                message=f"Likely failure line, no knowledge-base entry matched ({label}): {text}",
                file=file, line=line, evidence=[ev], primary=first,
            )
            first = False
