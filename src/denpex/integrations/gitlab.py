"""GitLab CI: a Code Quality report (``artifacts:reports:codequality``) from a diagnosis dict.

Format (GitLab docs, "Code Quality report format", a subset of the Code Climate spec): a JSON array
of objects with ``description``, ``check_name``, ``fingerprint``, ``severity`` (info, minor, major,
critical, blocker), ``location.path`` and ``location.lines.begin``.

Run as ``python -m denpex.integrations.gitlab DIAGNOSIS.json > gl-code-quality-report.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from ._common import Issue, clean, iter_issues, load_diagnosis

#: denpex severity -> GitLab severity, for root findings (the primary and other roots).
ROOT_SEVERITY = {"critical": "blocker", "high": "critical", "medium": "major", "low": "minor", "info": "info"}


def gitlab_severity(issue: Issue) -> str:
    """root: by denpex severity (critical->blocker ... info->info); unmatched failure lines: major;
    collateral: minor (info if the entry itself is info); noise: info."""
    if issue.role == "noise":
        return "info"
    if issue.role == "collateral":
        return "info" if issue.severity == "info" else "minor"
    if issue.role == "unmatched":
        return "major"
    return ROOT_SEVERITY.get(issue.severity, "major")


def _fingerprint(issue: Issue) -> str:
    """Stable across runs and denpex versions: entry id, role, location and the masked evidence text."""
    ev = issue.evidence[0] if issue.evidence else {}
    key = "\x1f".join(
        str(x) for x in (issue.id, issue.role, ev.get("file") or "", ev.get("line") or "", ev.get("text") or "")
    )
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:32]


def render_gitlab_codequality(diagnosis: dict[str, Any]) -> list[dict[str, Any]]:
    """One Code Quality issue per finding (at its first evidence line) and per unmatched failure line.

    Findings read from stdin have no file; they are reported at ``path: "<stdin>"``, line 1 if unknown.
    Fingerprints are unique within a report (a rare collision gets a counter appended).
    """
    report: list[dict[str, Any]] = []
    seen: set[str] = set()
    for issue in iter_issues(diagnosis):
        fp = _fingerprint(issue)
        n = 1
        base = fp
        while fp in seen:
            n += 1
            fp = hashlib.sha256(f"{base}:{n}".encode()).hexdigest()[:32]
        seen.add(fp)
        ev = issue.evidence[0] if issue.evidence else {}
        path = issue.file or clean(ev.get("file")) or "<stdin>"
        line = issue.line or (ev.get("line") if isinstance(ev.get("line"), int) and ev.get("line") >= 1 else 1)
        desc = f"{issue.id}: " + clean(issue.message.split("\n\n", 1)[0], 500)
        item: dict[str, Any] = {
            "type": "issue",
            "description": desc,
            "check_name": issue.id,
            "fingerprint": fp,
            "severity": gitlab_severity(issue),
            "location": {"path": path, "lines": {"begin": int(line)}},
        }
        if issue.finding is not None:
            item["categories"] = ["Bug Risk"]
            item["content"] = {"body": clean(issue.message, 5000)}
        report.append(item)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m denpex.integrations.gitlab",
        description="Write a GitLab Code Quality report for a denpex JSON diagnosis.",
    )
    ap.add_argument("diagnosis", help="file written by `denpex diagnose --json` ('-' for stdin)")
    ap.add_argument("-o", "--output", help="report file (default: stdout)")
    a = ap.parse_args(argv)
    try:
        d = load_diagnosis(a.diagnosis)
    except (OSError, ValueError) as exc:
        print(f"error: {clean(exc, 300)}", file=sys.stderr)
        return 2
    text = json.dumps(render_gitlab_codequality(d), indent=2, ensure_ascii=False) + "\n"
    if a.output:
        with open(a.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
