"""``denpex fleet scan`` and ``denpex fleet report`` (click commands; the work is in this package)."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

FLEET_MODULES = ("dask", "distributed", "fsspec", "xxhash")


def _need_fleet() -> None:
    from ..cli import _require_extra

    _require_extra("fleet", FLEET_MODULES, "denpex fleet")


def _since(text: str | None) -> str | None:
    if text is None:
        return None
    from ..history.store import parse_when

    try:
        return parse_when(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--since") from None


@click.group()
def fleet() -> None:
    """Diagnose every job of a log archive on Dask; recurring failures and bad nodes."""


@fleet.command("scan")
@click.argument("roots", nargs=-1, required=True)
@click.option("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://host:8786); default: a LocalCluster here")
@click.option("--workers", type=int, default=0, help="LocalCluster worker processes (default: the cores)")
@click.option("--since", metavar="DATE|AGE", help="only jobs whose newest file is this recent (2026-03-01, 30d)")
@click.option("--store", "--db", "db", metavar="PATH|URL", help="history database (default: as denpex history)")
@click.option("--layout", type=click.Path(dir_okay=False, exists=True), help="TOML layout file for site-specific trees")
@click.option("--split", "split_mb", type=int, default=512, show_default=True, help="split jobs larger than this many MB by file")
@click.option("--retries", type=int, default=2, show_default=True, help="retries of a task that raised")
@click.option("--json", "as_json", is_flag=True, help="print the scan summary as JSON")
@click.option("-q", "--quiet", is_flag=True, help="no progress bar")
def scan_cmd(
    roots: tuple[str, ...], scheduler: str | None, workers: int, since: str | None, db: str | None, layout: str | None,
    split_mb: int, retries: int, as_json: bool, quiet: bool,
) -> None:
    """Discover the jobs under ROOTS (paths or s3://, gs:// URLs), diagnose each new one as a Dask
    task and store the results in the incident history. A re-run reads only new or changed jobs."""
    _need_fleet()
    from datetime import datetime

    from ..history import HistoryError
    from .discover import Layout
    from .scan import scan

    err = click.get_text_stream("stderr")
    bar: dict[str, Any] = {}

    def on_start(summary: Any, total: int) -> None:
        if summary.dashboard:
            click.echo(f"Dask dashboard: {summary.dashboard}", err=True)
        click.echo(f"{summary.submitted} job(s) to read ({summary.unchanged} unchanged, skipped) on {summary.workers} worker(s)", err=True)
        if not quiet and err.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            p = Progress(TextColumn("fleet scan"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[what]}"),
                         TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            p.start()
            bar.update(p=p, t=p.add_task("scan", total=summary.submitted, what=""))

    def on_result(summary: Any, res: Any, outcome: str) -> None:
        if bar:
            o = summary.outcomes
            bar["p"].update(bar["t"], advance=1, what=f"{o['saved']} failed, {o['clean']} clean, {o['error']} error(s)")

    try:
        lay = Layout.load(layout)
        since_ts = datetime.fromisoformat(_since(since).replace("Z", "+00:00")).timestamp() if since else None  # type: ignore[union-attr]
        summary = scan(list(roots), db=db, scheduler=scheduler, workers=workers or None, since=since_ts, layout=lay,
                       split_bytes=split_mb << 20, retries=retries, on_start=on_start, on_result=on_result)
    except (FileNotFoundError, ValueError, HistoryError, OSError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    finally:
        if bar:
            bar["p"].stop()
    if as_json:
        click.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        o = summary.outcomes
        click.echo(
            f"{summary.discovered} job(s) found, {summary.unchanged} unchanged; read {summary.submitted}: "
            f"{o['saved']} failed (saved), {o['clean']} clean, {o['empty']} empty, {o['duplicate']} duplicate content, "
            f"{o['error']} error(s); {summary.bytes / 1e6:.1f} MB in {summary.seconds:.1f} s"
        )
        for e in summary.errors[:10]:
            click.echo(f"  error: {e}", err=True)
    sys.exit(1 if summary.outcomes["error"] else 0)


@fleet.command("report")
@click.option("--since", metavar="DATE|AGE", help="only jobs that ended since (2026-03-01, 30d)")
@click.option("--store", "--db", "db", metavar="PATH|URL", help="history database (default: as denpex history)")
@click.option("--json", "as_json", is_flag=True, help="the report as JSON")
@click.option("--html", "as_html", is_flag=True, help="the report as one HTML page with its plots (stdout)")
@click.option("--alpha", type=float, default=0.01, show_default=True, help="significance level of the bad-node test")
def report_cmd(since: str | None, db: str | None, as_json: bool, as_html: bool, alpha: float) -> None:
    """Recurring failure groups, bad nodes (tested against the fleet's base rate), failure rate over
    time, fixes that worked, over the jobs a fleet scan stored."""
    from ..history import HistoryError
    from ..history.store import Store
    from .report import build_report

    try:
        with Store(db) as store:
            rep = build_report(store, _since(since), alpha)
    except HistoryError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(rep, indent=2, ensure_ascii=False))
    elif as_html:
        from .html import standalone_page

        click.echo(standalone_page(rep))
    else:
        from .text import render_text

        render_text(rep)
