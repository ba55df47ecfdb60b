"""The ``denpex`` command: a thin layer over the library API.

Exit status: 0 no failure found, 1 failure found, 2 usage or input error.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import __version__
from .engine import diagnose_sources
from .knowledge import KnowledgeBaseError, load_kb
from .models import InputsReport
from .readers import InputError, collect_sources

if TYPE_CHECKING:
    from rich.console import Console


_COLOR: bool | None = None  # --color / --no-color of the main group


def _console(stderr: bool = False, width: int | None = None) -> Console:
    from rich.console import Console  # lazy: --json output never needs rich (start-up)

    if _COLOR is None:
        return Console(stderr=stderr, highlight=False, soft_wrap=False, width=width)
    return Console(stderr=stderr, highlight=False, soft_wrap=False, width=width, force_terminal=_COLOR, no_color=not _COLOR)


def _require_extra(extra: str, modules: tuple[str, ...], what: str) -> None:
    """Exit 2 with the install command when an optional feature's packages are missing (not a
    ModuleNotFoundError traceback with exit 1, which would mean "failure found")."""
    import importlib.util

    missing = [m for m in modules if _find_spec(importlib.util, m) is None]
    if missing:
        _console(True).print(
            f"[red]error:[/red] {what} needs the optional '{extra}' packages ({', '.join(missing)} not installed). "
            f"Install them with: pip install './denpex\\[{extra}]' from a checkout of the repository (the PyPI package 'denpex' is another product)"
        )
        sys.exit(2)


def _find_spec(util, name: str):  # type: ignore[no-untyped-def]
    try:
        return util.find_spec(name)
    except (ImportError, ValueError):
        return None


WEB_MODULES = ("fastapi", "uvicorn", "python_multipart", "jinja2")
PLOT_MODULES = ("matplotlib",)


def _parse_size(text: str) -> int:
    """'4G', '500M', '64k', '1000000' -> bytes; '0' -> 0 (no limit)."""
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}.get(t[-1:], 1)
    if mult != 1:
        t = t[:-1]
    try:
        value = float(t)
    except ValueError:
        raise click.BadParameter(f"{text!r}: expected a size like 4G, 500M or 0 (no limit)") from None
    if value < 0:
        raise click.BadParameter(f"{text!r}: must not be negative")
    return int(value * mult)


def _read_inputs(paths: tuple[str, ...], max_bytes: str | None = None) -> tuple[list, InputsReport]:  # type: ignore[type-arg]
    """Sources for the given paths; a usage error (missing path, nothing readable) exits 2.
    ``max_bytes``: how much of each archive to decompress at most ('0': everything)."""
    report = InputsReport()
    try:
        sources = collect_sources(list(paths), report)
    except InputError as exc:
        _console(True).print(f"[red]error:[/red] {exc}")
        sys.exit(2)
    if max_bytes is not None:
        limit = _parse_size(max_bytes)
        for src in sources:
            src.max_bytes = limit or None
            if not limit:
                src.max_ratio = None
    if not sources and report.skipped:
        for s in report.skipped:
            _console(True).print(f"[red]error:[/red] {s.path}: {s.reason}")
        _console(True).print("[red]error:[/red] nothing readable to diagnose")
        sys.exit(2)
    return sources, report


@click.group(context_settings={"help_option_names": ["-h", "--help"], "auto_envvar_prefix": "DENPEX"})
@click.version_option(__version__, prog_name="denpex")
@click.option("--color/--no-color", default=None, help="force colours on or off (default: on in a terminal; NO_COLOR is honoured)")
@click.pass_context
def main(ctx: click.Context, color: bool | None) -> None:
    """Tell why an ML training or inference run broke, from its logs.

    Options also come from DENPEX_<COMMAND>_<OPTION> environment variables (e.g. DENPEX_DIAGNOSE_MASK_HOSTS=1)
    and from [tool.denpex.<command>] in pyproject.toml or ~/.config/denpex/config.toml.
    Shell completion: eval "$(_DENPEX_COMPLETE=bash_source denpex)" (zsh_source, fish_source).
    """
    from .config import ConfigError, command_defaults
    from .guard import harden

    harden()  # messages, never tracebacks: closed stdin, cp1252 stdout, a full disk (issue 18)
    global _COLOR
    _COLOR = color
    try:
        ctx.default_map = command_defaults() or None
    except ConfigError as exc:
        click.echo(f"error: {exc}", err=True)
        ctx.exit(2)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="machine-readable JSON (schema: denpex schema)")
@click.option("--markdown", "as_md", is_flag=True, help="Markdown report")
@click.option("--github", "as_github", is_flag=True, help="GitHub Actions annotations (workflow commands)")
@click.option("--gitlab-codequality", "as_gitlab", is_flag=True, help="GitLab Code Quality report (JSON)")
@click.option("--mask-hosts", is_flag=True, help="also replace host names with placeholders")
@click.option("--engine", type=click.Choice(["auto", "hyperscan", "hyperscan-full", "plain"]), default="auto", hidden=True)
@click.option("-j", "--jobs", type=int, default=0, help="worker processes for large inputs (default: all cores)")
@click.option("-q", "--quiet", is_flag=True, help="print only the verdict line (and no progress bar)")
@click.option("--width", type=int, default=None, metavar="COLUMNS",
              help="render the boxed terminal report at this width even when piped (default: a plain layout when stdout is not a terminal)")
@click.option("-v", "--verbose", is_flag=True, help="also show what each collateral finding was caused by")
@click.option("--all-ranks", is_flag=True, help="list every rank and every finding (default: the ranks that matter, identical findings grouped)")
@click.option(
    "--max-bytes", default=None, metavar="SIZE",
    help="decompress at most SIZE of each .gz/.zst archive (default 4G, and 200x the compressed size past 256M; "
    "0: no limit); the report says when an archive was cut",
)
@click.option("--save", is_flag=True, help="store this incident in the history (masked; never the raw log)")
@click.option("--keep-log", is_flag=True, help="with --save: also store the log, masked")
@click.option("--job", default=None, help="with --save: job name (default: $DENPEX_JOB, $SLURM_JOB_NAME)")
@click.option("--db", default=None, metavar="PATH|URL", help="history database (default: $XDG_DATA_HOME/denpex/history.db)")
@click.option("--no-history", is_flag=True, help="do not consult the history")
def diagnose(
    paths: tuple[str, ...], as_json: bool, as_md: bool, as_github: bool, as_gitlab: bool, mask_hosts: bool,
    engine: str, jobs: int, quiet: bool, width: int | None, verbose: bool, all_ranks: bool, max_bytes: str | None,
    save: bool, keep_log: bool, job: str | None, db: str | None, no_history: bool,
) -> None:
    """Diagnose log files, folders (recursively), .gz/.zst archives or '-' for stdin.

    Exit status: 0 nothing failed, 1 a failure was found, 2 usage/input error or empty input.

    \b
    Examples:
      denpex diagnose train.log
      denpex diagnose logs/ --json > report.json
      kubectl logs job/train --all-containers --prefix | denpex diagnose -
      denpex diagnose slurm-*.out --mask-hosts --markdown >> "$GITHUB_STEP_SUMMARY"
    """
    from .history.hook import Recorder
    from .render import render_markdown, render_plain, render_terminal, to_json

    sources, report = _read_inputs(paths, max_bytes)
    recorder = Recorder(db, save, keep_log, job, mask_hosts) if Recorder.wanted(db, save, no_history) else None
    if recorder is not None:
        recorder.wrap(sources)
    try:
        d = diagnose_sources(
            sources, report, mask_hosts=mask_hosts, engine=engine, jobs=jobs or (os.cpu_count() or 1),
            progress=not quiet and sys.stderr.isatty(),
        )
    except KnowledgeBaseError as exc:
        _console(True).print(f"[red]knowledge base error:[/red] {exc}")
        sys.exit(2)
    past = recorder.report(d, sources, _console(True)) if recorder is not None else None
    if as_json:
        click.echo(to_json(d) if past is None else recorder.with_history(d, past))  # type: ignore[union-attr]
    elif as_md:
        click.echo(render_markdown(d) + recorder.markdown(past) if past is not None else render_markdown(d))  # type: ignore[union-attr]
    elif as_github:
        from .integrations.github import render_github

        click.echo(render_github(d.to_dict()), nl=False)
    elif as_gitlab:
        import json

        from .integrations.gitlab import render_gitlab_codequality

        click.echo(json.dumps(render_gitlab_codequality(d.to_dict()), indent=2, ensure_ascii=False))
    elif quiet:
        click.echo(d.verdict)
    elif width or sys.stdout.isatty():
        render_terminal(d, _console(width=width), verbose=verbose, all_ranks=all_ranks)
    else:
        # piped into a file, CI log or another program: no boxes, no wrapping inside ids or paths
        click.echo(render_plain(d, all_ranks=all_ranks), nl=False)
    if past is not None and not (as_json or as_md or as_github or as_gitlab or quiet):
        click.echo(recorder.text(past))  # type: ignore[union-attr]
    sys.exit(d.exit_code)


def _complete_entry_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of entry ids (bundled and team entries)."""
    try:
        return sorted(e.entry.id for e in load_kb(with_samples=False) if e.entry.id.startswith(incomplete))
    except Exception:  # noqa: BLE001 - completion must never print a traceback into the shell
        return []


@main.command()
@click.argument("entry_id", shell_complete=_complete_entry_id)
@click.option("--markdown", "as_md", is_flag=True)
def explain(entry_id: str, as_md: bool) -> None:
    """Print a knowledge-base entry."""
    from .encyclopedia import entry_markdown

    kb = load_kb()
    loaded = kb.get(entry_id)
    if loaded is None:
        close = [e for e in kb.entries if entry_id in e]
        _console(True).print(f"[red]error:[/red] no entry {entry_id!r}" + (f"; did you mean {', '.join(close[:5])}?" if close else ""))
        sys.exit(2)
    from .encyclopedia import signature_examples

    text = entry_markdown(loaded.entry, signature_examples(loaded))
    if as_md:
        click.echo(text)
    else:
        from rich.markdown import Markdown

        _console().print(Markdown(text))


@main.command("list")
@click.option("--category")
@click.option("--system", help="id prefix, e.g. vllm, torch, nccl")
@click.option("--tag")
@click.option("--role", type=click.Choice(["root", "collateral", "noise"]))
@click.option("--json", "as_json", is_flag=True, help="one JSON object per entry: id, category, role, severity, title")
def list_cmd(category: str | None, system: str | None, tag: str | None, role: str | None, as_json: bool) -> None:
    """List entries (filter by category, system, tag, role).

    Example: denpex list --system nccl --role collateral
    """
    from rich.table import Table

    t = Table()
    for col in ("id", "category", "role", "severity", "title"):
        t.add_column(col, overflow="fold")
    n = 0
    rows: list[dict[str, str]] = []
    for loaded in sorted(load_kb(), key=lambda x: x.entry.id):
        e = loaded.entry
        if category and e.category != category:
            continue
        if system and e.system != system:
            continue
        if tag and tag not in e.tags:
            continue
        if role and e.role != role:
            continue
        t.add_row(e.id, e.category, e.role, e.severity, e.title)
        rows.append({"id": e.id, "category": e.category, "role": e.role, "severity": e.severity, "title": e.title})
        n += 1
    if as_json:
        import json

        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    elif sys.stdout.isatty():
        _console().print(t)
    else:  # piped: one entry per line, ids never broken
        for r in rows:
            click.echo(f"{r['id']}\t{r['category']}\t{r['role']}\t{r['severity']}\t{r['title']}")
    if n == 0:
        sys.exit(1)


@main.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--limit", default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="a JSON list of {id, title, score, why}")
def search(text: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Find entries by pasted error text or keywords.

    Pasted log lines are diagnosed by the engine first; keywords are ranked by BM25 and weak
    results are left out. Exit status 1 when nothing really matches.

    Example: denpex search "NCCL WARN NET/IB : Got completion from peer with error 12"
    """
    from .encyclopedia import search_entries

    results = search_entries(" ".join(text), limit=limit)
    if as_json:
        import json

        click.echo(json.dumps([{"id": e.id, "title": e.title, "score": round(sc, 2), "why": how} for sc, e, how in results],
                              indent=2, ensure_ascii=False))
    elif not results:
        _console().print("No entry really matches (try the exact error line, or fewer, rarer words).")
    for score, e, how in [] if as_json else results:
        _console().print(f"[bold]{e.id}[/bold]  {e.title}  [dim]({how}, score {score:.1f})[/dim]")
    if not results:
        sys.exit(1)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--png", type=click.Path(dir_okay=False), help="also write the timeline as a PNG image")
@click.option("--svg", type=click.Path(dir_okay=False), help="also write the timeline as an SVG image")
@click.option("--mask-hosts", is_flag=True)
@click.option("--max-bytes", default=None, metavar="SIZE", help="decompress at most SIZE of each archive (0: no limit)")
def timeline(paths: tuple[str, ...], png: str | None, svg: str | None, mask_hosts: bool, max_bytes: str | None) -> None:
    """Per-rank timeline: first failure and last progress of every rank."""
    if png or svg:
        _require_extra("plot", PLOT_MODULES, "timeline --png/--svg")
    from .timeline import render_timeline_terminal, write_timeline_image

    sources, report = _read_inputs(paths, max_bytes)
    d = diagnose_sources(sources, report, mask_hosts=mask_hosts, jobs=os.cpu_count() or 1)
    render_timeline_terminal(d, _console())
    for out in (png, svg):
        if out:
            write_timeline_image(d, Path(out))
            _console(True).print(f"wrote {out}")
    sys.exit(d.exit_code)


@main.command()
def schema() -> None:
    """Print the JSON Schema of the diagnose --json output."""
    click.echo((Path(__file__).parent / "schemas" / "diagnosis.schema.json").read_text())


@main.group()
def kb() -> None:
    """Knowledge-base tools: test samples, lint entries, export patterns."""


def _run_check(check, tag: str, summary: str) -> None:  # type: ignore[no-untyped-def]
    """Run a knowledge-base check, print its problems, exit 0 (clean), 1 (problems) or 2 (KB broken)."""
    try:
        res = check()
    except KnowledgeBaseError as exc:
        _console(True).print(f"[red]knowledge base error:[/red] {exc}")
        sys.exit(2)
    for f in res.failed:
        _console().print(f"[red]{tag}[/red] {f}")
    for n in res.notes:
        _console().print(f"[yellow]NOTE[/yellow] {n}")
    _console().print(summary.format(ok=len(res.passed), bad=len(res.failed)))
    sys.exit(0 if res.ok else 1)


@kb.command("test")
@click.option("--only", multiple=True, help="entry id prefix or folder name (repeat for several)")
def kb_test_cmd(only: tuple[str, ...]) -> None:
    """Run every entry's positive and negative sample logs."""
    from .kbcheck import kb_test

    _run_check(lambda: kb_test(only=only), "FAIL", "{ok} passed, {bad} failed")


@kb.command("lint")
@click.option("--no-taxonomy", is_flag=True, help="do not require every taxonomy id")
def kb_lint_cmd(no_taxonomy: bool) -> None:
    """Validate every entry (schema, related links, samples, linear-time patterns)."""
    from .kbcheck import kb_lint

    _run_check(lambda: kb_lint(require_taxonomy=not no_taxonomy), "LINT", "{ok} entries clean, {bad} problems")


@kb.command("export-patterns")
@click.option("--generic/--no-generic", default=False, help="include the generic failure patterns")
def export_patterns(generic: bool) -> None:
    """Print every signature pattern, one per line (for grep -E / rg -f)."""
    from .rules import build_rules, to_hyperscan

    for r in build_rules(load_kb(with_samples=False)):
        if r.entry_id is None and not generic:
            continue
        # one pattern a line: a literal control character in a pattern is written as its escape
        click.echo(to_hyperscan(r.pattern).replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t"))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True)
@click.option("--max-upload-mb", default=50, show_default=True)
@click.option("--timeout", default=60.0, show_default=True, help="analysis timeout in seconds")
@click.option("--rate-limit", default=None, help="per-client limit like 3/day or 10/hour (off by default)")
@click.option("--workers", default=0, help="diagnosis worker processes (default: the cores, at most 4)")
@click.option("--header-timeout", default=10.0, show_default=True, help="seconds a client has to send its request headers")
@click.option("--body-timeout", default=60.0, show_default=True, help="seconds a client has to send its request body")
@click.option("--max-connections", default=256, show_default=True, help="open connections; more are closed at once")
@click.option("--allowed-host", "allowed_hosts", multiple=True, help="a further Host name to answer (e.g. a reverse proxy's public name); repeatable")
@click.option("--trust-proxy", default=None, metavar="IPS", help="comma-separated proxy addresses whose X-Forwarded-For is believed (none by default)")
@click.option("--history", "team_history", is_flag=True, help="keep a shared team history behind accounts (see: denpex users --help); without it the server stores nothing")
@click.option("--db", default=None, metavar="PATH|URL", help="the history database for --history: a file or postgresql://... (default: $XDG_DATA_HOME/denpex/history.db)")
def serve(
    host: str, port: int, max_upload_mb: int, timeout: float, rate_limit: str | None, workers: int,
    header_timeout: float, body_timeout: float, max_connections: int, allowed_hosts: tuple[str, ...],
    trust_proxy: str | None, team_history: bool, db: str | None,
) -> None:
    """Start the local web app and JSON API."""
    _require_extra("web", WEB_MODULES, "denpex serve")
    from .web.server import run_server

    history_db = None
    if team_history:
        from .history import resolve_db

        history_db = resolve_db(db)
    elif db:
        raise click.UsageError("--db names the database of --history: add --history")

    run_server(
        host=host, port=port, max_upload_mb=max_upload_mb, timeout=timeout, rate_limit=rate_limit,
        workers=workers or None, header_timeout=header_timeout, body_timeout=body_timeout,
        max_connections=max_connections, allowed_hosts=allowed_hosts, trust_proxy=trust_proxy, history_db=history_db,
    )


def _parse_duration(text: str | None) -> float | None:
    """'30m', '20s', '1h', '1.5h', '90' (seconds) -> seconds; None stays None."""
    if text is None:
        return None
    t = text.strip().lower()
    mult = {"s": 1, "m": 60, "h": 3600, "d": 86400}.get(t[-1:], None)
    try:
        value = float(t[:-1] if mult else t) * (mult or 1)
    except ValueError:
        raise click.BadParameter(f"{text!r}: expected a duration like 30m, 20s, 1h or 90") from None
    if value <= 0:
        raise click.BadParameter(f"{text!r}: must be positive")
    return value


@main.command("run", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option("--dir", "run_dir", default="denpex-runs", show_default=True, help="where run folders go")
@click.option("--name", help="run folder name (default: the script's or the command's name)")
@click.option("--hang-timeout", metavar="DURATION", help="capture stacks when nothing printed or moved for this long (30m, 20s)")
@click.option("--kill-on-hang", is_flag=True, help="end the job after the hang capture")
@click.option("--no-env", is_flag=True, help="do not set PYTHONFAULTHANDLER, TORCH_NCCL_* and the other diagnosability switches")
@click.option("--max-log", default="8M", show_default=True, metavar="SIZE", help="output kept in the run folder (head, flagged lines, tail), before compression")
@click.option("--mask-hosts", is_flag=True, help="also replace host names with placeholders in what is stored")
@click.option("--pty/--no-pty", "use_pty", default=None, help="run under a pseudo-terminal (default: when stdout is a terminal)")
@click.option("-q", "--quiet", is_flag=True, help="print nothing of ours (the run folder is still written)")
def run_cmd(
    command: tuple[str, ...], run_dir: str, name: str | None, hang_timeout: str | None, kill_on_hang: bool, no_env: bool,
    max_log: str, mask_hosts: bool, use_pty: bool | None, quiet: bool,
) -> None:
    """Run COMMAND unchanged (denpex run [options] -- COMMAND...), diagnose it if it fails; exits with its status."""
    from .runner import RunConfig, run

    limit = _parse_size(max_log)
    if limit < 64 * 1024:
        raise click.BadParameter("at least 64K", param_hint="--max-log")
    cfg = RunConfig(
        command=list(command), dir=Path(run_dir), name=name, hang_timeout=_parse_duration(hang_timeout),
        kill_on_hang=kill_on_hang, set_env=not no_env, max_log=limit, mask_hosts=mask_hosts,
        pty="auto" if use_pty is None else "always" if use_pty else "never", quiet=quiet,
    )
    sys.exit(run(cfg))


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--once", is_flag=True, help="diagnose what is there now and exit (a Slurm epilog)")
@click.option("--exec", "exec_cmd", metavar="CMD", help="run CMD once (shell) with the incident JSON on stdin when a failure shows")
@click.option("--json", "as_json", is_flag=True, help="print the final incident JSON on stdout (progress lines go to stderr)")
@click.option("--idle", metavar="DURATION", help="after a failure, exit when no file grew for this long")
@click.option("--pid", type=int, help="exit when this process has ended")
@click.option("--interval", default=0.25, show_default=True, help="seconds between polls")
@click.option("--mask-hosts", is_flag=True)
def watch(
    paths: tuple[str, ...], once: bool, exec_cmd: str | None, as_json: bool, idle: str | None, pid: int | None,
    interval: float, mask_hosts: bool,
) -> None:
    """Follow growing log files and folders; print the first failure with its rank as soon as it appears."""
    from .watch import watch as follow

    try:
        code = follow(
            list(paths), once=once, exec_cmd=exec_cmd, interval=interval, idle=_parse_duration(idle), pid=pid,
            mask_hosts=mask_hosts, as_json=as_json,
        )
    except KnowledgeBaseError as exc:
        _console(True).print(f"[red]knowledge base error:[/red] {exc}")
        sys.exit(2)
    sys.exit(code)


@main.group()
def site() -> None:
    """Static encyclopedia site."""


@site.command("build")
@click.argument("out", type=click.Path(file_okay=False))
def site_build(out: str) -> None:
    """Write the encyclopedia as static HTML into OUT/ (no server needed)."""
    _require_extra("web", ("jinja2",), "site build")
    from .web.site import build_site

    n = build_site(Path(out))
    _console().print(f"wrote {n} pages to {out}")


def _add_history_commands() -> None:
    from .history.commands import COMMANDS  # history, show, similar, resolve, nodes

    for cmd in COMMANDS:
        main.add_command(cmd)


_add_history_commands()


def _add_fleet_commands() -> None:
    from .fleet.commands import fleet  # scan, report (Dask is imported only when a scan runs)

    main.add_command(fleet)


_add_fleet_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
