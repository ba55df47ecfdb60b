"""Per-rank timeline: one row per rank, its failures and last progress on a shared time axis.

Rendered in the terminal (rich) and as an image (matplotlib: PNG or SVG).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .models import Diagnosis

ROLE_COLOUR = {"initiating": "#d62728", "suspect": "#ff7f0e", "failed": "#9467bd", "collateral": "#7f7f7f", "silent": "#1f77b4", "healthy": "#2ca02c"}
_REL = re.compile(r"^\+(\d+(?:\.\d+)?)s")


def _seconds(stamp: str | None) -> float | None:
    if not stamp:
        return None
    m = _REL.match(stamp)
    if m:
        return float(m.group(1))
    for fmt, prefix in (("%Y-%m-%dT%H:%M:%S.%f", ""), ("%Y-%m-%dT%H:%M:%S.%f", "1970-")):
        try:
            return datetime.strptime(prefix + stamp, fmt).replace(tzinfo=timezone.utc).timestamp()
        except ValueError:
            continue
    return None


@dataclass
class Row:
    rank: int | None
    host: str | None
    role: str
    events: list[tuple[float | None, str, str]]  # (seconds, kind, label) kind: root|collateral|progress


def rows(d: Diagnosis) -> list[Row]:
    out: list[Row] = []
    for r in d.ranks:
        ev: list[tuple[float | None, str, str]] = []
        if r.last_progress:
            ev.append((_seconds(r.last_progress_time), "progress", r.last_progress))
        for f in d.findings:
            if f.rank == r.rank and f.role != "noise":
                kind = "root" if (d.primary is f) else f.role
                ev.append((_seconds(f.time), kind, f.id))
        if d.primary is not None and d.primary.rank == r.rank and d.primary not in d.findings:
            ev.append((_seconds(d.primary.time), "root", d.primary.id))
        out.append(Row(r.rank, r.host, r.role, ev))
    return out


def render_timeline_terminal(d: Diagnosis, console: Console) -> None:
    console.print(Text(d.verdict, style="bold"))
    if not d.ranks:
        console.print("No per-rank information in this log (single process, or ranks not identifiable).")
        return
    rs = rows(d)
    times = [t for r in rs for t, _, _ in r.events if t is not None]
    t0 = min(times) if times else None
    t1 = max(times) if times else None
    width = 40
    t = Table(title="Per-rank timeline")
    t.add_column("rank")
    t.add_column("host")
    t.add_column("role")
    t.add_column("timeline" + (f" ({t1 - t0:.1f} s)" if times and t0 is not None and t1 is not None else ""), no_wrap=True)
    t.add_column("first failure", overflow="fold")
    t.add_column("last progress", overflow="fold")
    for r, summary in zip(rs, d.ranks):
        bar = [" "] * width
        for sec, kind, _ in r.events:
            if sec is None or t0 is None or t1 is None:
                continue
            pos = 0 if t1 == t0 else int((sec - t0) / (t1 - t0) * (width - 1))
            bar[pos] = {"root": "X", "collateral": "x", "progress": "|"}.get(kind, "*")
        style = ROLE_COLOUR.get(r.role, "white")
        t.add_row(
            f"rank {r.rank}", r.host or "", Text(r.role, style=style), "".join(bar),
            summary.first_failure or "", summary.last_progress or "",
        )
    console.print(t)
    console.print(Text("X initiating failure   x collateral failure   | last progress", style="dim"))


def _figure(d: Diagnosis):  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rs = rows(d)
    n = max(len(rs), 1)
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.45 * n), dpi=110)
    times = [t for r in rs for t, _, _ in r.events if t is not None]
    t0 = min(times) if times else 0.0
    for i, r in enumerate(rs):
        y = n - 1 - i
        colour = ROLE_COLOUR.get(r.role, "#333333")
        xs = [(t - t0) if t is not None else None for t, _, _ in r.events]
        known = [x for x in xs if x is not None]
        if known:
            ax.hlines(y, min(known), max(known) if len(known) > 1 else min(known) + 0.01, colors=colour, linewidth=2, alpha=0.5)
        for (sec, kind, label), x in zip(r.events, xs):
            if x is None:
                continue
            marker = {"root": "X", "collateral": "x", "progress": "|"}.get(kind, "o")
            size = 140 if kind == "root" else 70
            ax.scatter([x], [y], marker=marker, s=size, color=colour if kind != "progress" else "#2ca02c", zorder=3)
            if kind == "root":
                ax.annotate(label, (x, y), xytext=(6, 6), textcoords="offset points", fontsize=8, color=colour)
        ax.text(1.01, y, r.role, transform=ax.get_yaxis_transform(), fontsize=8, va="center", color=colour)
    ax.set_yticks(range(n))
    ax.set_yticklabels([f"rank {r.rank}" + (f" @{r.host}" if r.host else "") for r in reversed(rs)], fontsize=8)
    ax.set_xlabel("seconds since the first event" if times else "(no timestamps in the log)")
    ax.set_title((d.verdict[:110] + "...") if len(d.verdict) > 110 else d.verdict, fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return fig, plt


def write_timeline_image(d: Diagnosis, path: Path) -> None:
    fig, plt = _figure(d)
    fmt = "svg" if path.suffix.lower() == ".svg" else "png"
    fig.savefig(path, format=fmt)
    plt.close(fig)


def timeline_svg(d: Diagnosis) -> str:
    """The timeline as an inline SVG string (for the web app)."""
    fig, plt = _figure(d)
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.find("<svg") :]
