"""``denpex history``, ``show``, ``similar``, ``resolve`` and ``nodes``: the history commands
(registered on the main command group by ``denpex.cli``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from ..grouping import rank_ranges
from . import HistoryError, resolve_db

DB_HELP = "history database: a file (default: $XDG_DATA_HOME/denpex/history.db) or postgresql://..."


def _db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--db", default=None, metavar="PATH|URL", help=DB_HELP)(f)


def _console(stderr: bool = False):  # type: ignore[no-untyped-def]
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _fail(msg: str) -> None:
    _console(True).print(f"[red]error:[/red] {msg}", markup=True, highlight=False)
    sys.exit(2)


def _open(db: str | None, must_exist: bool = True):  # type: ignore[no-untyped-def]
    from . import is_url
    from .store import Store

    target = resolve_db(db)
    if must_exist and not is_url(target):
        import os

        if not os.path.exists(target):
            _fail(f"no history at {target} (save incidents with: denpex diagnose --save PATH)")
    try:
        return Store(target)
    except HistoryError as exc:
        _fail(str(exc))
    except Exception as exc:  # noqa: BLE001 - an unreadable file, a server that refuses
        _fail(f"cannot open the history {target.split('@')[-1]}: {exc}")


def _when(text: str | None) -> str | None:
    from .store import parse_when

    if not text:
        return None
    try:
        return parse_when(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _incident_id(text: str) -> int:
    t = text.lstrip("#")
    if not t.isdigit():
        raise click.BadParameter(f"{text!r}: an incident number such as 12 or #12")
    return int(t)


def _echo_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


@click.group("history", invoke_without_command=True)
@click.option("--id", "failure_id", help="failure id (a trailing * matches a prefix: nccl.*)")
@click.option("--host", help="incidents that name this host")
@click.option("--job", help="job name")
@click.option("--since", help="age (7d, 12h, 2w) or date (2026-11-02)")
@click.option("--limit", default=50, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@_db_option
@click.pass_context
def history(
    ctx: click.Context, failure_id: str | None, host: str | None, job: str | None, since: str | None, limit: int,
    as_json: bool, db: str | None,
) -> None:
    """List saved incidents (newest first); subcommands purge and retention."""
    if ctx.invoked_subcommand is not None:
        ctx.ensure_object(dict)["db"] = db
        return
    with _open(db) as store:
        rows = store.list(failure_id=failure_id, host=host, job=job, since=_when(since), limit=limit)
    if as_json:
        _echo_json({"incidents": rows})
        return
    if not rows:
        _console().print("no incidents match")
        return
    from rich.table import Table

    from .store import short_time

    t = Table()
    for col in ("#", "time (UTC)", "failure", "job", "hosts", "group", "solved"):
        t.add_column(col, overflow="fold")
    for r in rows:
        hosts = ", ".join(r["hosts"][:3]) + (f" +{len(r['hosts']) - 3}" if len(r["hosts"]) > 3 else "")
        t.add_row(
            str(r["id"]), short_time(r["created_at"]), r["failure_id"], r["job"] or "", hosts,
            f"{r['group_size']}x {r['fingerprint'][:8]}", (r["fix"] or "") if r["resolved_at"] else "",
        )
    _console().print(t)


@history.command("purge")
@click.option("--before", help="delete incidents older than this age (30d) or date (2026-11-02)")
@click.option("--all", "everything", is_flag=True, help="delete every incident")
@click.option("--db", default=None, metavar="PATH|URL", help=DB_HELP)
@click.pass_context
def purge(ctx: click.Context, before: str | None, everything: bool, db: str | None) -> None:
    """Delete saved incidents (resolutions of their groups are kept)."""
    if not before and not everything:
        raise click.UsageError("say which: --before AGE|DATE or --all")
    with _open(db or ctx.obj.get("db")) as store:
        n = store.purge(before=_when(before))
    _console().print(f"deleted {n} incident(s)")


@history.command("retention")
@click.argument("days", required=False)
@click.option("--db", default=None, metavar="PATH|URL", help=DB_HELP)
@click.pass_context
def retention(ctx: click.Context, days: str | None, db: str | None) -> None:
    """Show or set how long incidents are kept: DAYS (e.g. 90, 90d) or 'off'. Applied on every save."""
    with _open(db or ctx.obj.get("db"), must_exist=days is None) as store:
        if days is None:
            cur = store.retention()
            _console().print(f"retention: {cur:g} days" if cur else "retention: off (incidents are kept until purged)")
            return
        if days.lower() in ("off", "0", "none"):
            store.set_retention(None)
            _console().print("retention: off")
            return
        try:
            value = float(days.lower().removesuffix("d"))
            if value <= 0:
                raise ValueError
        except ValueError:
            raise click.BadParameter(f"{days!r}: a number of days (90, 90d) or 'off'") from None
        store.set_retention(value)
        n = store.purge(before=_when(f"{value}d"))
        _console().print(f"retention: {value:g} days ({n} older incident(s) deleted now)")


@click.command("show")
@click.argument("incident")
@click.option("--json", "as_json", is_flag=True)
@click.option("--log", "with_log", is_flag=True, help="print the masked log kept with --keep-log")
@_db_option
def show(incident: str, as_json: bool, with_log: bool, db: str | None) -> None:
    """Show one saved incident, its group's occurrences and resolution."""
    with _open(db) as store:
        row = store.get(_incident_id(incident))
    if row is None:
        _fail(f"no incident #{incident.lstrip('#')}")
    assert row is not None
    if with_log:
        if row["log"] is None:
            _fail(f"incident #{row['id']} was saved without its log (denpex diagnose --save --keep-log keeps it, masked)")
        click.echo(row["log"], nl=False)
        return
    if as_json:
        _echo_json(row)
        return
    from .store import short_time

    c = _console()
    g = row["group"] or {}
    c.print(f"[bold]Incident #{row['id']}[/bold]  {short_time(row['created_at'])} UTC  {row['failure_id']}")
    c.print(row["verdict"], markup=False)
    for label, value in (
        ("job", row["job"]), ("hosts", ", ".join(row["hosts"])), ("ranks", rank_ranges(row["ranks"])),
        ("initiating", " ".join(x for x in (row["initiating_host"] or "", f"rank {row['initiating_rank']}"
                                             if row["initiating_rank"] is not None else "") if x)),
        ("inputs", ", ".join(row["input_names"])), ("input digest", (row["input_digest"] or "")[:16]),
        ("fingerprint", row["fingerprint"]), ("template", row["template"]),
        ("log kept", "yes (show --log)" if row["log"] is not None else "no"),
    ):
        if value:
            c.print(f"  {label:<13} {value}", markup=False)
    p = row["doc"].get("primary") or {}
    for e in (p.get("evidence") or [])[:3]:
        c.print(f"  evidence      {e.get('file')}:{e.get('line')}  {e.get('text')}", markup=False)
    if p.get("fix"):
        c.print("  suggested fix " + (p["fix"][0] if p["fix"] else ""), markup=False)
    occ = row["occurrences"]
    c.print(f"[bold]Group {row['fingerprint'][:8]}[/bold]: {len(occ)} occurrence(s)")
    for o in occ[-20:]:
        mark = "*" if o["id"] == row["id"] else " "
        c.print(f" {mark} #{o['id']:<6} {short_time(o['created_at'])}  {o['job'] or ''}  {o['initiating_host'] or ''}", markup=False)
    if g.get("resolved_at"):
        c.print(f"[green]Solved[/green] {short_time(g['resolved_at'])}: {g['fix']}" + (f"  ({g['note']})" if g.get("note") else ""))
    else:
        c.print(f"Not marked solved (denpex resolve {row['id']} --fix TEXT)")


@click.command("similar")
@click.argument("target")
@click.option("--limit", default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@click.option("--mask-hosts", is_flag=True, help="(PATH) mask host names in the diagnosis compared")
@_db_option
def similar(target: str, limit: int, as_json: bool, mask_hosts: bool, db: str | None) -> None:
    """The nearest past incidents to a saved INCIDENT or to a log PATH: same fingerprint first, then
    by similarity of the masked templates and facts."""
    import os

    from .fingerprint import fingerprint
    from .similar import rank
    from .store import short_time

    with _open(db) as store:
        own: int | None = None
        if target.lstrip("#").isdigit() and not os.path.exists(target):
            row = store.get(int(target.lstrip("#")))
            if row is None:
                _fail(f"no incident #{target.lstrip('#')}")
            assert row is not None
            doc, own = row["doc"], row["id"]
        else:
            from ..engine import diagnose_sources
            from ..models import InputsReport
            from ..readers import InputError, collect_sources

            report = InputsReport()
            try:
                sources = collect_sources([target], report)
            except InputError as exc:
                _fail(str(exc))
            doc = diagnose_sources(sources, report, mask_hosts=mask_hosts, jobs=os.cpu_count() or 1).to_dict()
        fp = fingerprint(doc)
        matches = rank(fp, store.groups(), limit=limit + 1)
        results = []
        for m in matches:
            d = m.to_dict()
            if m.same_group:
                others = [i for i in store.incidents_of(fp.key, limit=limit + 1) if i["id"] != own]
                if not others:
                    continue
                d["incidents"] = [i["id"] for i in others]
                d["occurrences"] = len(others)
                d["last_incident"] = others[0]["id"]
                d["last_seen"] = others[0]["created_at"]
            results.append(d)
        results = results[:limit]
    if as_json:
        _echo_json({"fingerprint": fp.to_dict(), "similar": results})
        return
    c = _console()
    c.print(f"{fp.failure_id}  fingerprint {fp.key}  template: {fp.template}", markup=False)
    if not results:
        c.print("no similar incident in the history")
        return
    from rich.table import Table

    t = Table()
    for col in ("score", "last #", "last seen", "count", "failure", "solved with"):
        t.add_column(col, overflow="fold")
    for d in results:
        t.add_row(
            "same" if d["same_fingerprint"] else f"{d['score']:.2f}", str(d["last_incident"]), short_time(d["last_seen"]),
            str(d["occurrences"]), d["failure_id"], (d["resolved"] or {}).get("fix") or "",
        )
    c.print(t)


@click.command("resolve")
@click.argument("incident")
@click.option("--fix", required=True, help="what worked")
@click.option("--note", default=None)
@_db_option
def resolve(incident: str, fix: str, note: str | None, db: str | None) -> None:
    """Mark an incident's group solved with what worked (shown when it recurs)."""
    from ..masking import Masker

    with _open(db) as store:
        try:
            g = store.resolve(_incident_id(incident), fix, note, Masker())
        except KeyError:
            _fail(f"no incident #{incident.lstrip('#')}")
        n = len(store.incidents_of(g["fingerprint"], limit=1_000_000))
    _console().print(f"group {g['fingerprint']} ({g['failure_id']}, {n} incident(s)) marked solved: {g['fix']}", markup=False)


@click.command("nodes")
@click.option("--since", help="window: age (30d) or date")
@click.option("--last", type=int, default=None, help="window: the last N incidents")
@click.option("--limit", default=20, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@_db_option
def nodes(since: str | None, last: int | None, limit: int, as_json: bool, db: str | None) -> None:
    """Hosts (and GPUs) ranked by how often they initiated incidents: the nodes to drain."""
    with _open(db) as store:
        res = store.nodes(since=_when(since), last=last, limit=limit)
    if as_json:
        _echo_json(res)
        return
    from rich.markup import escape

    c = _console()
    if not res["hosts"]:
        c.print(f"no host initiated any of the {res['incidents']} incident(s) in the window "
                "(hosts come from the logs; incidents saved with --mask-hosts name none)")
        return
    for h in res["hosts"]:
        classes = ", ".join(f"{k} x{v}" for k, v in h["classes"].items())
        c.print(f"[bold]{escape(h['host'])}[/bold] initiated {h['initiated']} of the {'last ' if last else ''}{res['incidents']} "
                f"incident(s): {escape(classes)}", highlight=False)
        if h["gpus"]:
            c.print("    GPUs: " + ", ".join(f"{k} x{v}" for k, v in h["gpus"].items()), markup=False)


COMMANDS = (history, show, similar, resolve, nodes)


# ---------------------------------------------------------------- team accounts (denpex serve --history)


@click.group("users")
def users() -> None:
    """Team accounts for denpex serve --history: users with a role (viewer, member, admin), an
    optional password and daily allowance, and API tokens (shown once, stored hashed).

    \b
    Examples:
      denpex users add alice --role member --quota 20 --password   # prompts for the password
      denpex users token alice --label laptop                      # prints a new bearer token once
      denpex users list --json
      denpex users remove alice
    """


@users.command("add")
@click.argument("name")
@click.option("--role", type=click.Choice(["viewer", "member", "admin"]), default="member", show_default=True,
              help="viewer: read the history; member: also diagnose (saved); admin: also manage accounts")
@click.option("--quota", type=click.IntRange(min=0), default=None, help="diagnoses a day (UTC); no limit when not given")
@click.option("--password", "ask_password", is_flag=True, help="prompt for a password (web login); tokens need none")
@click.option("--password-stdin", is_flag=True, help="read the password from standard input (scripts)")
@_db_option
def users_add(name: str, role: str, quota: int | None, ask_password: bool, password_stdin: bool, db: str | None) -> None:
    """Add a user."""
    from .accounts import Accounts

    password = None
    if password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    elif ask_password:
        password = click.prompt("password", hide_input=True, confirmation_prompt=True)
    if password is not None and len(password) < 8:
        _fail("a password needs at least 8 characters")
    with _open(db, must_exist=False) as store:
        try:
            u = Accounts(store).add_user(name, role, password, quota)
        except HistoryError as exc:
            _fail(str(exc))
    click.echo(f"added {u['name']} ({u['role']}" + (f", {quota} diagnoses a day" if quota is not None else "") + ")")


@users.command("remove")
@click.argument("name")
@_db_option
def users_remove(name: str, db: str | None) -> None:
    """Remove a user and their tokens."""
    from .accounts import Accounts

    with _open(db) as store:
        try:
            Accounts(store).remove_user(name)
        except HistoryError as exc:
            _fail(str(exc))
    click.echo(f"removed {name}")


@users.command("token")
@click.argument("name")
@click.option("--label", default=None, help="what the token is for (shown in `users list`)")
@_db_option
def users_token(name: str, label: str | None, db: str | None) -> None:
    """Make a new API token for NAME and print it (once: only its hash is kept).

    Send it as the header "Authorization: Bearer TOKEN" to denpex serve --history."""
    from .accounts import Accounts

    with _open(db) as store:
        try:
            click.echo(Accounts(store).new_token(name, label))
        except HistoryError as exc:
            _fail(str(exc))


@users.command("list")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@_db_option
def users_list(as_json: bool, db: str | None) -> None:
    """List users: role, allowance, diagnoses today, tokens."""
    from .accounts import Accounts

    with _open(db) as store:
        rows = Accounts(store).users()
    if as_json:
        _echo_json(rows)
        return
    for u in rows:
        quota = "no limit" if u["daily_quota"] is None else f"{u.get('used_today', 0)}/{u['daily_quota']} today"
        click.echo(f"{u['name']:<24} {u['role']:<7} {quota:<14} {u.get('tokens', 0)} token(s)" + (" (disabled)" if u["disabled"] else ""))


COMMANDS = (*COMMANDS, users)
