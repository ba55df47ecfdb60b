"""Rendering a Diagnosis: terminal (rich), Markdown, JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

from collections import Counter

from .grouping import FindingGroup, group_findings, notable_ranks, rank_ranges
from .models import Diagnosis, Evidence, Finding

SEVERITY_STYLE = {"critical": "bold red", "high": "red", "medium": "yellow", "low": "cyan", "info": "dim"}
ROLE_LABEL = {"root": "ROOT", "collateral": "collateral", "noise": "noise"}


def to_json(d: Diagnosis, indent: int | None = 2) -> str:
    return json.dumps(d.to_dict(), indent=indent, ensure_ascii=False, default=str)


def _where(e: Evidence) -> str:
    s = f"{e.file}:{e.line}"
    if e.rank is not None:
        s += f" rank {e.rank}"
    if e.host:
        s += f" @{e.host}"
    return s


def _who(f: Finding) -> str:
    parts = []
    if f.rank is not None:
        parts.append(f"rank {f.rank}")
    if f.host:
        parts.append(f"host {f.host}")
    if f.time:
        parts.append(f"at {f.time}")
    return ", ".join(parts)


def render_terminal(d: Diagnosis, console: Console, verbose: bool = False, all_ranks: bool = False) -> None:
    from rich.console import Group  # lazy: JSON and Markdown output never need rich (start-up)
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    p = d.primary
    console.print(Text(d.verdict, style="bold"))
    if p is not None:
        head = Text()
        head.append(f"{p.id}", style="bold magenta")
        head.append(f"  [{p.severity}]", style=SEVERITY_STYLE.get(p.severity, ""))
        head.append(f"  {ROLE_LABEL[p.role]}" + (" (suspect)" if p.suspect else ""), style="bold")
        body: list[Any] = [head, Text(p.title, style="bold")]
        if _who(p):
            body.append(Text(_who(p), style="dim"))
        body.append(Text("\nEvidence", style="underline"))
        for e in p.evidence:
            body.append(Text(f"  {_where(e)}  ", style="dim") + Text(e.text))
        if p.occurrences > len(p.evidence):
            body.append(Text(f"  ... {p.occurrences} occurrences in all", style="dim"))
        if p.facts:
            body.append(Text("\nFacts", style="underline"))
            body += [Text("  " + ln) for ln in fact_lines(p.facts)]
        body.append(Text("\nWhat happened in this run", style="underline"))
        body.append(Text("  " + p.explanation))
        if p.caused_by and p.role != "root":
            body.append(Text(f"  Points at: {p.caused_by}", style="yellow"))
        body.append(Text("\nFix", style="underline"))
        for i, fx in enumerate(p.fix, 1):
            body.append(Text(f"  {i}. {fx}"))
        body.append(Text("\nVerify", style="underline"))
        body.append(Text(f"  $ {p.verify}", style="green"))
        console.print(Panel(Group(*body), title="Primary diagnosis", border_style=SEVERITY_STYLE.get(p.severity, "white")))
    others = [f for f in d.findings if f is not p]
    if others:
        t = Table(title="Other findings", show_lines=False, expand=False)
        for col in ("role", "id", "where", "count", "message"):
            t.add_column(col, overflow="fold")
        for g in group_findings(others) if not all_ranks else [FindingGroup(f.role, f.id, (f,)) for f in others]:
            f = g.first
            role = f.role + (" (caused by " + f.caused_by + ")" if f.caused_by and verbose and not g.grouped else "")
            t.add_row(Text(role), Text(f.id), Text(g.where()), str(g.occurrences), Text(g.message()))
        console.print(t)
    if d.ranks:
        shown, hidden = (list(d.ranks), []) if all_ranks else notable_ranks(d.ranks)
        t = Table(title="Ranks" + (f" (the {len(shown)} that matter of {len(d.ranks)}; --all-ranks lists every rank)" if hidden else ""))
        for col in ("rank", "host", "role", "first failure", "time", "last progress", "seq"):
            t.add_column(col)
        for r in shown:
            t.add_row(
                *(Text(x) for x in (str(r.rank), r.host or "", r.role, r.first_failure or "", r.first_failure_time or "",
                                    r.last_progress or "", "" if r.seqnum is None else str(r.seqnum)))
            )
        if hidden:
            roles = Counter(r.role for r in hidden)
            what = ", ".join(f"{n} {role}" for role, n in roles.most_common())
            t.add_row(Text(f"... {len(hidden)} more", style="dim"), Text(""), Text(what, style="dim"),
                      Text(rank_ranges([r.rank for r in hidden if r.rank is not None]), style="dim"), Text(""), Text(""), Text(""))
        console.print(t)
        if not d.order_certain:
            console.print(Text("Note: events from different files carry no comparable timestamps; order across files is uncertain.", style="yellow"))
    u = d.unknown
    if u is not None and u.handled:
        console.print(Text("Printed, then the run went on past them (handled, not counted as failures):", style="bold"))
        for e in u.handled:
            console.print(Text(f"  {_where(e)}  ", style="dim") + Text(e.text))
    if u is not None and not u.is_empty():
        head = "Failure lines no entry names:" if d.primary is not None else "No knowledge-base entry matched. Most likely failure lines:"
        console.print(Text(head, style="bold yellow"))
        for title, items in (("Final exceptions", u.exceptions), ("Fatal lines", u.fatal_lines), ("Error lines", u.error_lines),
                             ("Exit codes / signals", u.exit_codes)):
            if items:
                console.print(Text(title, style="underline"))
                for e in items:
                    console.print(Text(f"  {_where(e)}  ", style="dim") + Text(e.text))
        if u.templates:
            t = Table(title="Distinct error templates")
            t.add_column("count", justify="right")
            t.add_column("first seen")
            t.add_column("template", overflow="fold")
            for tp in u.templates:
                t.add_row(str(tp.count), Text(_where(tp.first)), Text(tp.template))
            console.print(t)
    _inputs(d, console)
    if p is not None or (u is not None and not u.is_empty()):
        # the verdict again at the end, where the eye lands after a long report (as pytest and torchrun do)
        console.print(Text("== ", style="dim") + Text(d.verdict, style="bold"))


def _inputs(d: Diagnosis, console: Console) -> None:
    from rich.text import Text

    inp = d.inputs
    msg = f"Read {len(inp.files)} input(s), {inp.total_lines} lines, {inp.total_bytes} bytes."
    console.print(Text(msg, style="dim"))
    for f in inp.files:
        for note in f.notes:
            console.print(Text(f"  note: {f.name}: {note}", style="yellow"))
    for s in inp.skipped:
        console.print(Text(f"  skipped: {s.path}: {s.reason}", style="yellow"))


def render_markdown(d: Diagnosis) -> str:
    out: list[str] = [f"# Denpex diagnosis\n\n**{d.verdict}**\n"]
    p = d.primary
    if p is not None:
        out.append(f"## Primary: `{p.id}` ({p.severity}, {p.role}{', suspect' if p.suspect else ''})\n")
        out.append(f"**{p.title}**" + (f" — {_who(p)}" if _who(p) else "") + "\n")
        out.append("### Evidence\n")
        for e in p.evidence:
            out.append(f"- `{_where(e)}`: `{_md_code(e.text)}`")
        if p.facts:
            out.append("\n### Facts\n")
            out.append("| fact | value |\n|---|---|")
            out += [f"| {k} | {v} |" for k, v in p.facts.items()]
        out.append(f"\n### What happened in this run\n\n{p.explanation}\n")
        out.append("### Fix\n")
        out += [f"{i}. {fx}" for i, fx in enumerate(p.fix, 1)]
        out.append(f"\n### Verify\n\n```\n{p.verify}\n```\n")
    others = [f for f in d.findings if f is not p]
    if others:
        out.append("## Other findings\n\n| role | id | where | count |\n|---|---|---|---|")
        out += [f"| {g.role} | `{g.id}` | {_md_code(g.where())} | {g.occurrences} |" for g in group_findings(others)]
    if d.ranks:
        shown, hidden = notable_ranks(d.ranks)
        out.append("\n## Ranks\n\n| rank | host | role | first failure | time | last progress |\n|---|---|---|---|---|---|")
        out += [
            f"| {r.rank} | {r.host or ''} | {r.role} | {r.first_failure or ''} | {r.first_failure_time or ''} | {_md_code(r.last_progress or '')} |"
            for r in shown
        ]
        if hidden:
            out.append(f"| ... {len(hidden)} more | | {', '.join(sorted({r.role for r in hidden}))} | ranks {rank_ranges([r.rank for r in hidden if r.rank is not None])} | | |")
    u = d.unknown
    if u is not None and not u.is_empty():
        out.append("\n## Unmatched failure lines\n")
        for e in u.exceptions + u.fatal_lines + u.error_lines + u.exit_codes:
            out.append(f"- `{_where(e)}`: `{_md_code(e.text)}`")
        if u.templates:
            out.append("\n| count | template |\n|---|---|")
            out += [f"| {t.count} | `{_md_code(t.template)}` |" for t in u.templates]
    if u is not None and u.handled:
        out.append("\n## Printed, then the run went on (handled)\n")
        out += [f"- `{_where(e)}`: `{_md_code(e.text)}`" for e in u.handled]
    out.append(f"\n_Read {len(d.inputs.files)} input(s), {d.inputs.total_lines} lines._\n")
    return "\n".join(out)


def _md_code(s: str) -> str:
    return s.replace("`", "'").replace("|", "\\|")[:500]


def _label(key: str) -> str:
    """A fact's name for people: 'max_tokens_that_fits' -> 'max tokens that fits'."""
    return key.replace("_", " ")


def _value(v: object) -> str:
    """A fact's value as the log wrote it: names of pods, jobs and hosts keep their hyphens."""
    return str(v)


def fact_lines(facts: dict[str, Any]) -> list[str]:
    return [f"{_label(k)}: {_value(v)}" for k, v in facts.items() if k != "headline"]


def render_plain(d: Diagnosis, all_ranks: bool = False) -> str:
    """The terminal report without boxes or wrapping, for pipes, CI logs and files: one item per
    line, so ids, paths and addresses are never broken across lines."""
    out: list[str] = [d.verdict]
    p = d.primary
    if p is not None:
        flags = ", ".join(x for x in (p.severity, ROLE_LABEL[p.role], "suspect" if p.suspect else "") if x)
        out += ["", f"Primary: {p.id} [{flags}]", f"  {p.title}"]
        if _who(p):
            out.append(f"  {_who(p)}")
        out.append("Evidence:")
        out += [f"  {_where(e)}  {e.text}" for e in p.evidence]
        if p.occurrences > len(p.evidence):
            out.append(f"  ... {p.occurrences} occurrences in all")
        if p.facts:
            out.append("Facts:")
            out += [f"  {ln}" for ln in fact_lines(p.facts)]
        out += ["What happened in this run:", f"  {p.explanation}"]
        out.append("Fix:")
        out += [f"  {i}. {fx}" for i, fx in enumerate(p.fix, 1)]
        out += ["Verify:", f"  $ {p.verify}"]
    others = [f for f in d.findings if f is not p]
    if others:
        out += ["", "Other findings:"]
        groups = group_findings(others) if not all_ranks else [FindingGroup(f.role, f.id, (f,)) for f in others]
        out += [f"  {g.role}  {g.id}  {g.where()}  x{g.occurrences}  {g.message()}" for g in groups]
    if d.ranks:
        shown, hidden = (list(d.ranks), []) if all_ranks else notable_ranks(d.ranks)
        out += ["", "Ranks:"]
        for r in shown:
            bits = [f"rank {r.rank}", r.role]
            if r.host:
                bits.append(f"host {r.host}")
            if r.first_failure:
                bits.append(f"first failure {r.first_failure}" + (f" at {r.first_failure_time}" if r.first_failure_time else ""))
            if r.seqnum is not None:
                bits.append(f"seq {r.seqnum}")
            if r.last_progress:
                bits.append(f"last progress: {r.last_progress}")
            elif r.last_line and r.role in ("suspect", "silent"):
                bits.append(f"last line: {r.last_line}")
            out.append("  " + "; ".join(bits))
        if hidden:
            roles = Counter(r.role for r in hidden)
            out.append(f"  ... {len(hidden)} more ({', '.join(f'{n} {k}' for k, n in roles.most_common())}): ranks "
                       f"{rank_ranges([r.rank for r in hidden if r.rank is not None])}; --all-ranks lists them")
    u = d.unknown
    if u is not None and u.handled:
        out += ["", "Printed, then the run went on past them (handled, not counted as failures):"]
        out += [f"  {_where(e)}  {e.text}" for e in u.handled]
    if u is not None and not u.is_empty():
        out += ["", "Failure lines no entry names:" if p is not None else "No knowledge-base entry matched. Most likely failure lines:"]
        for title, items in (("Final exceptions", u.exceptions), ("Fatal lines", u.fatal_lines), ("Error lines", u.error_lines),
                             ("Exit codes / signals", u.exit_codes)):
            if items:
                out.append(f"{title}:")
                out += [f"  {_where(e)}  {e.text}" for e in items]
        if u.templates:
            out.append("Distinct error templates:")
            out += [f"  {t.count:>6}  {_where(t.first)}  {t.template}" for t in u.templates]
    inp = d.inputs
    out += ["", f"Read {len(inp.files)} input(s), {inp.total_lines} lines, {inp.total_bytes} bytes."]
    out += [f"  note: {f.name}: {n}" for f in inp.files for n in f.notes]
    out += [f"  skipped: {s.path}: {s.reason}" for s in inp.skipped]
    if p is not None or (u is not None and not u.is_empty()):
        out.append(f"== {d.verdict}")
    return "\n".join(out) + "\n"
