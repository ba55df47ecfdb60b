"""GitHub Actions: workflow-command annotations, step summary and step outputs.

``render_github(d)`` turns a diagnosis dict into lines such as::

    ::error file=logs/train.log,line=12,title=denpex%3A vllm.context-length-exceeded::Request needs ...

Escaping follows the runner (actions/toolkit ``command.ts``): in the message ``%``, ``\\r``, ``\\n``
become ``%25``, ``%0D``, ``%0A``; in properties ``:`` and ``,`` additionally become ``%3A``, ``%2C``.
A diagnosis never contains an unescaped newline in a command, so text from a log cannot start a
workflow command of its own.

Run as ``python -m denpex.integrations.github DIAGNOSIS.json`` (the composite action does this).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ._common import Issue, clean, has_unmatched_failure, iter_issues, load_diagnosis, primary_index, who

#: GitHub shows at most 10 annotations of each level per step; more are dropped by the runner.
MAX_PER_LEVEL = 10
#: The runner truncates very long annotation messages; keep ours well inside.
MAX_MESSAGE = 4000
#: Step summaries are limited to 1 MiB per step.
MAX_SUMMARY = 900_000

FAIL_ON = ("root", "any", "never")


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **props: Any) -> str:
    """One workflow command line: ``::level k=v,k=v::message`` (properties with None are left out)."""
    items = [f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None and v != ""]
    head = f"::{level}" + (" " + ",".join(items) if items else "")
    return f"{head}::{escape_data(message)}"


def _annotation(issue: Issue) -> str:
    title = f"denpex: {issue.id}"
    msg = clean(issue.message, MAX_MESSAGE)
    return command(issue.level, msg, file=issue.file, line=issue.line if issue.file else None, title=title)


def render_github(diagnosis: dict[str, Any], max_per_level: int = MAX_PER_LEVEL) -> str:
    """Workflow commands for a diagnosis: ``::error`` for the primary, ``::warning`` for other root
    and collateral findings, ``::notice`` for noise. Returns "" when there is nothing to annotate."""
    counts: dict[str, int] = {}
    lines: list[str] = []
    dropped = 0
    for issue in iter_issues(diagnosis):
        n = counts.get(issue.level, 0)
        if n >= max_per_level:
            dropped += 1
            continue
        counts[issue.level] = n + 1
        lines.append(_annotation(issue))
    if dropped:
        # A plain log line (not a command): GitHub would drop annotations beyond its limit anyway.
        lines.append(f"denpex: {dropped} more finding(s) not annotated; see the step summary")
    return "\n".join(lines) + ("\n" if lines else "")


# --------------------------------------------------------------------------- step summary

def _html(s: Any) -> str:
    """Plain text for Markdown (GitHub renders the summary as sanitized GFM with HTML)."""
    return (
        clean(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\r", " ").replace("\n", " ")
    )


def _cell(s: Any) -> str:
    return _html(s).replace("|", "\\|")


def _code(s: Any, limit: int = 500) -> str:
    """Inline code span that survives backticks in the text (CommonMark: a longer fence)."""
    t = clean(s, limit).replace("\r", " ").replace("\n", " ")
    longest, run = 0, 0
    for ch in t:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if (t.startswith("`") or t.endswith("`") or longest) else ""
    return f"{fence}{pad}{t}{pad}{fence}"


def _code_cell(s: Any, limit: int = 200) -> str:
    return _code(s, limit).replace("|", "\\|")


def _fenced(s: Any) -> str:
    t = clean(s).replace("\r", "")
    fence = "```"
    while fence in t:
        fence += "`"
    return f"{fence}\n{t}\n{fence}"


def _where(ev: dict[str, Any]) -> str:
    s = f"{ev.get('file')}:{ev.get('line')}"
    if ev.get("rank") is not None:
        s += f" rank {ev['rank']}"
    if ev.get("host"):
        s += f" @{ev['host']}"
    return s


def render_step_summary(diagnosis: dict[str, Any]) -> str:
    """Markdown for ``$GITHUB_STEP_SUMMARY``, built from the (masked) diagnosis dict."""
    d = diagnosis
    out: list[str] = ["## Denpex diagnosis", "", f"**{_html(d.get('verdict') or 'No verdict')}**", ""]
    p = d.get("primary")
    if p:
        flags = ", ".join(x for x in (p.get("severity"), p.get("role"), "suspect" if p.get("suspect") else "") if x)
        out.append(f"### Primary: {_code(p.get('id'))} ({_html(flags)})")
        out.append("")
        out.append(f"**{_html(p.get('title'))}**" + (f" — {_html(who(p))}" if who(p) else ""))
        out.append("")
        if p.get("evidence"):
            out.append("**Evidence**")
            out.append("")
            for ev in p["evidence"]:
                out.append(f"- {_code(_where(ev), 300)}: {_code(ev.get('text'))}")
            if (p.get("occurrences") or 1) > len(p["evidence"]):
                out.append(f"- … {int(p['occurrences'])} occurrences in all")
            out.append("")
        if p.get("explanation"):
            out += ["**What happened in this run**", "", _html(p["explanation"]), ""]
        if p.get("fix"):
            out += ["**Fix**", ""]
            out += [f"{i}. {_html(fx)}" for i, fx in enumerate(p["fix"], 1)]
            out.append("")
        if p.get("verify"):
            out += ["**Verify**", "", _fenced(p["verify"]), ""]
    findings = d.get("findings") or []
    pi = primary_index(d)
    others = [f for i, f in enumerate(findings) if i != pi]
    if others:
        out += ["### Other findings", "", "| role | id | where | count | message |", "|---|---|---|---|---|"]
        for f in others:
            ev = (f.get("evidence") or [None])[0]
            where = _code_cell(_where(ev)) if ev else ""
            out.append(
                f"| {_cell(f.get('role'))} | {_code_cell(f.get('id'))} | {where} | {int(f.get('occurrences') or 1)} "
                f"| {_cell(clean(f.get('message') or f.get('title'), 200))} |"
            )
        out.append("")
    ranks = d.get("ranks") or []
    if ranks:
        out += [
            "### Ranks", "",
            "| rank | host | role | first failure | time | last progress |", "|---|---|---|---|---|---|",
        ]
        cols = ("rank", "host", "role", "first_failure", "first_failure_time", "last_progress")
        for r in ranks:
            out.append("| " + " | ".join(_cell("" if r.get(k) is None else r.get(k)) for k in cols) + " |")
        if d.get("order_certain") is False:
            out += ["", "_Events from different files carry no comparable timestamps; "
                    "order across files is uncertain._"]
        out.append("")
    u = d.get("unknown") or {}
    lines = (u.get("exceptions") or []) + (u.get("fatal_lines") or []) + (u.get("error_lines") or []) + (u.get("exit_codes") or [])
    if lines:
        out += ["### No knowledge-base entry matched: likely failure lines", ""]
        out += [f"- {_code(_where(ev), 300)}: {_code(ev.get('text'))}" for ev in lines]
        out.append("")
    inputs = d.get("inputs") or {}
    files = inputs.get("files") or []
    out.append(f"_Read {len(files)} input(s), {int(inputs.get('total_lines') or 0)} lines._")
    for s in inputs.get("skipped") or []:
        out.append(f"- skipped {_code(s.get('path'), 300)}: {_html(s.get('reason'))}")
    text = "\n".join(out) + "\n"
    if len(text.encode("utf-8")) > MAX_SUMMARY:
        text = text.encode("utf-8")[:MAX_SUMMARY].decode("utf-8", "ignore") + "\n\n_(summary truncated)_\n"
    return text


def write_step_summary(diagnosis: dict[str, Any], path: str | os.PathLike[str] | None = None) -> str:
    """Append the Markdown summary to ``path`` (default ``$GITHUB_STEP_SUMMARY``); return the text."""
    text = render_step_summary(diagnosis)
    target = path or os.environ.get("GITHUB_STEP_SUMMARY")
    if target:
        with open(target, "a", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return text


# --------------------------------------------------------------------------- outputs and exit status

def outputs(diagnosis: dict[str, Any] | None, exit_code: int) -> dict[str, str]:
    p = (diagnosis or {}).get("primary") or {}
    rank = p.get("rank")
    return {
        "primary-id": str(p.get("id") or ""),
        "rank": "" if rank is None else str(rank),
        "exit-code": str(exit_code),
        "verdict": clean((diagnosis or {}).get("verdict") or "", 1000),
    }


def write_outputs(values: dict[str, str], path: str | os.PathLike[str] | None = None) -> None:
    """Append ``name=value`` lines to ``$GITHUB_OUTPUT`` (values are made single-line)."""
    target = path or os.environ.get("GITHUB_OUTPUT")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as fh:
        for k, v in values.items():
            v = v.replace("\r", " ").replace("\n", " ")
            fh.write(f"{k}={v}\n")


def should_fail(diagnosis: dict[str, Any] | None, exit_code: int, fail_on: str) -> bool:
    """``root``: fail when denpex found a failure (exit 1) or could not read the inputs (exit 2).
    ``any``: also fail on collateral- or noise-only findings. ``never``: annotate only."""
    if fail_on == "never":
        return False
    if exit_code != 0:
        return True
    return fail_on == "any" and bool((diagnosis or {}).get("findings"))


def main(argv: list[str] | None = None) -> int:
    """Exit status: 0 when the step should pass under ``--fail-on``; otherwise denpex's own status
    (1 failure found, 2 input error), or 1 when ``--fail-on any`` trips on collateral/noise only."""
    ap = argparse.ArgumentParser(
        prog="python -m denpex.integrations.github",
        description="Emit GitHub Actions annotations, step summary and outputs for a denpex JSON diagnosis.",
    )
    ap.add_argument("diagnosis", help="file written by `denpex diagnose --json` ('-' for stdin)")
    ap.add_argument("--exit-code", type=int, default=None, help="exit status of `denpex diagnose` (default: derived)")
    ap.add_argument("--fail-on", choices=FAIL_ON, default="root")
    ap.add_argument("--summary", default=os.environ.get("GITHUB_STEP_SUMMARY"), help="default: $GITHUB_STEP_SUMMARY")
    ap.add_argument("--output", default=os.environ.get("GITHUB_OUTPUT"), help="default: $GITHUB_OUTPUT")
    a = ap.parse_args(argv)

    d: dict[str, Any] | None = None
    reason = ""
    try:
        d = load_diagnosis(a.diagnosis)
    except (OSError, ValueError) as exc:
        reason = clean(exc, 300)
    code = a.exit_code
    if code is None:
        code = 2 if d is None else (1 if d.get("primary") or has_unmatched_failure(d) else 0)
    if d is None:
        if code == 2:
            reason = "see denpex's error message above in this log"
        code = 2 if code in (0, 1) else code
        msg = f"denpex could not diagnose the inputs (exit {code}): {reason}"
        sys.stdout.write(command("error", msg, title="denpex") + "\n")
        if a.summary:
            with open(a.summary, "a", encoding="utf-8") as fh:
                fh.write(
                    f"## Denpex diagnosis\n\ndenpex could not diagnose the inputs (exit {code}); see the step log.\n\n"
                )
    else:
        sys.stdout.write(render_github(d))
        if a.summary:
            write_step_summary(d, a.summary)
    if a.output:
        write_outputs(outputs(d, code), a.output)
    if not should_fail(d, code, a.fail_on):
        return 0
    return code if code in (1, 2) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
