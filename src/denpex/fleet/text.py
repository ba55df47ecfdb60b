"""The fleet report in the terminal."""

from __future__ import annotations

from typing import Any


def _p(x: float) -> str:
    return f"{x:.1e}" if x < 0.001 else f"{x:.3f}"


def render_text(rep: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console(highlight=False)
    rate = f"{rep['failure_rate']:.1%}" if rep["failure_rate"] is not None else "-"
    con.print(f"{rep['jobs']} job(s) scanned{' since ' + rep['since'][:10] if rep['since'] else ''}: "
              f"{rep['failed']} failed ({rate}), {rep['errors']} unreadable", markup=False)
    if not rep["jobs"]:
        con.print("Nothing scanned yet: denpex fleet scan ROOT...")
        return
    t = Table(title="Recurring failure groups")
    for c in ("failure", "incidents", "jobs", "first seen", "last seen", "hosts", "solved"):
        t.add_column(c, overflow="fold")
    for g in rep["groups"]:
        if not g["recurring"]:
            continue
        hosts = ", ".join(f"{h} x{n}" for h, n in list(g["hosts"].items())[:4])
        t.add_row(g["failure_id"], str(g["incidents"]), str(g["jobs"]), g["first_seen"][:10], g["last_seen"][:10], hosts,
                  g["resolved"]["fix"] if g["resolved"] else "")
    con.print(t)
    n = rep["nodes"]
    t = Table(title=f"Nodes that initiated failures (base rate {n['base_rate']} per host-job; Holm-corrected binomial test, "
                    f"alpha {n['alpha']}, at least {n['min_jobs']} jobs)")
    for c in ("host", "jobs", "initiated", "classes", "GPUs", "tested class", "expected", "p (corrected)", "verdict"):
        t.add_column(c, overflow="fold")
    for h in n["hosts"][:20]:
        t.add_row(h["host"], str(h["jobs"]), str(h["initiated"]), ", ".join(f"{c} x{k}" for c, k in h["classes"].items()),
                  ", ".join(h["gpus"]), f"{h['test_class']} x{h['initiated_in_class']}", f"{h['expected']:.2f}",
                  _p(h["p_adjusted"]), "[bold red]BAD: drain[/bold red]" if h["bad"] else "")
    con.print(t)
    r = rep["rate"]
    t = Table(title=f"Failure rate by {r['bucket']}")
    t.add_column("from")
    t.add_column("jobs")
    t.add_column("failed")
    for c in r["classes"]:
        t.add_column(c, overflow="fold")
    for row in r["rows"]:
        t.add_row(row["start"], str(row["jobs"]), f"{row['failed']} ({row['rate']:.0%})",
                  *[str(row["by_class"].get(c, "")) for c in r["classes"]])
    con.print(t)
    if rep["fixes"]:
        t = Table(title="Solved before: fixes that worked")
        for c in ("failure", "fix", "incidents", "solved"):
            t.add_column(c, overflow="fold")
        for f in rep["fixes"]:
            t.add_row(f["failure_id"], f["fix"], str(f["incidents"]), (f["resolved_at"] or "")[:10])
        con.print(t)
