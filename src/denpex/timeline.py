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
_TS_PREFIX = re.compile(r"^\S*\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[.,]?\d*\s*(?:INFO|WARNING|DEBUG)?\s*")


def _seconds(stamp: str | None, drop_year: bool = False) -> float | None:
    """Seconds for a stamp as Evidence prints it; with ``drop_year`` every stamp is put on the
    month-day scale so that dated and year-less (glog, vLLM) stamps share one axis."""
    if not stamp:
        return None
    m = _REL.match(stamp)
    if m:
        return float(m.group(1))
    if drop_year and len(stamp) > 5 and stamp[4] == "-" and stamp[:4].isdigit():
        stamp = stamp[5:]
    for fmt, prefix in (("%Y-%m-%dT%H:%M:%S.%f", ""), ("%Y-%m-%dT%H:%M:%S.%f", "1970-")):
        try:
            return datetime.strptime(prefix + stamp, fmt).replace(tzinfo=timezone.utc).timestamp()
        except ValueError:
            continue
    return None


def _mixed_years(d: Diagnosis) -> bool:
    stamps = [f.time for f in d.findings if f.time] + [r.last_progress_time for r in d.ranks if r.last_progress_time]
    dated = {bool(t[:4].isdigit() and t[4:5] == "-") for t in stamps if not t.startswith("+")}
    return len(dated) > 1


@dataclass
class Row:
    rank: int | None
    host: str | None
    role: str
    events: list[tuple[float | None, str, str]]  # (seconds, kind, label) kind: root|collateral|progress


def rows(d: Diagnosis) -> list[Row]:
    out: list[Row] = []
    drop = _mixed_years(d)
    for r in d.ranks:
        ev: list[tuple[float | None, str, str]] = []
        if r.last_progress:
            ev.append((_seconds(r.last_progress_time, drop), "progress", r.last_progress))
        for f in d.findings:
            if f.rank == r.rank and f.role != "noise":
                kind = "root" if (d.primary is f) else f.role
                ev.append((_seconds(f.time, drop), kind, f.id))
        if d.primary is not None and d.primary.rank == r.rank and d.primary not in d.findings:
            if d.primary.suspect:
                # no failure of its own: mark where it was last seen, not a failure at some other rank's time
                seen = r.last_progress_time or d.primary.time
                if seen:
                    ev.append((_seconds(seen, drop), "suspect", "suspect: last seen here"))
            else:
                ev.append((_seconds(d.primary.time, drop), "root", d.primary.id))
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
    width = 24
    hosts = any(r.host for r in rs)
    t = Table(title="Per-rank timeline", expand=False)
    t.add_column("rank", no_wrap=True)
    if hosts:
        t.add_column("host", no_wrap=True)
    t.add_column("role", no_wrap=True)
    t.add_column("timeline" + (f" {t1 - t0:.1f}s" if times and t0 is not None and t1 is not None else ""), no_wrap=True)
    t.add_column("first failure", no_wrap=True)
    t.add_column("last progress", no_wrap=True, overflow="ellipsis", max_width=32)
    for r, summary in zip(rs, d.ranks):
        bar = [" "] * width
        for sec, kind, _ in r.events:
            if sec is None or t0 is None or t1 is None:
                continue
            pos = 0 if t1 == t0 else int((sec - t0) / (t1 - t0) * (width - 1))
            bar[pos] = {"root": "X", "collateral": "x", "progress": "|", "suspect": "?"}.get(kind, "*")
        style = ROLE_COLOUR.get(r.role, "white")
        cells = [f"{r.rank}"] + ([r.host or ""] if hosts else []) + [
            Text(r.role, style=style), Text("[" + "".join(bar) + "]"), Text(summary.first_failure or ""),
            Text(_TS_PREFIX.sub("", summary.last_progress or "")),
        ]
        t.add_row(*cells)
    console.print(t)
    console.print(Text("X initiating failure   x collateral failure   | last progress   ? suspect last seen", style="dim"))


def _figure(d: Diagnosis):  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rs = rows(d)
    n = max(len(rs), 1)
    fig, ax = plt.subplots(figsize=(9, 1.6 + 0.45 * n), dpi=110)
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
            marker = {"root": "X", "collateral": "x", "progress": "|", "suspect": "$?$"}.get(kind, "o")
            size = 140 if kind in ("root", "suspect") else 70
            ax.scatter([x], [y], marker=marker, s=size, color=colour if kind != "progress" else "#2ca02c", zorder=3)
            if kind in ("root", "suspect"):
                ax.annotate(label, (x, y), xytext=(6, 6), textcoords="offset points", fontsize=8, color=colour)
        ax.text(1.01, y, r.role, transform=ax.get_yaxis_transform(), fontsize=8, va="center", color=colour)
    ax.set_yticks(range(n))
    ax.set_yticklabels([f"rank {r.rank}" + (f" @{r.host}" if r.host else "") for r in reversed(rs)], fontsize=8)
    ax.set_xlabel("seconds since the first event" if times else "(no timestamps in the log)")
    p = d.primary
    if p is not None:
        head = ("suspect" if p.suspect else "initiating") + f": {p.id}" + (f" on rank {p.rank}" if p.rank is not None else "")
    else:
        head = d.verdict[:110]
    ax.set_title(head, fontsize=10)
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], marker="X", linestyle="", color=ROLE_COLOUR["initiating"], markersize=9, label="initiating failure"),
        Line2D([], [], marker="x", linestyle="", color=ROLE_COLOUR["collateral"], markersize=7, label="collateral failure"),
        Line2D([], [], marker="|", linestyle="", color="#2ca02c", markersize=9, label="last progress"),
    ]
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, -0.5 if n < 4 else -0.32), ncol=3, fontsize=8, frameon=False)
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
