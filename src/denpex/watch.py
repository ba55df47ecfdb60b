"""``denpex watch PATH...``: follow growing logs and say what broke as soon as it shows.

Files are followed by polling (``stat`` every ``interval`` seconds), not inotify: on the shared file
systems training logs live on (NFS, Lustre, GPFS), writes made on other nodes raise no inotify
event on this one, and polling also sees rotation (the path now names another inode: the new file is
read from its start) and truncation (the size fell below what was read). Folders are walked again
on every poll, so rank files that appear later are followed too.

Only the new bytes of each file are read, through the scanner's candidate matcher
(``recorder.LineFlagger``); when they hold a flagged line, the normal engine diagnoses the files
themselves (so rank attribution works exactly as with ``denpex diagnose``), at most every
``2 x (last diagnosis time)`` seconds. The first failure is printed with its rank, collateral
damage as it arrives; the watch ends when the job's end is seen (a launcher's failure summary), when
``--pid`` exits, after ``--idle`` seconds without growth once a failure is known, or on Ctrl-C.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .recorder import LineFlagger

MAX_READ = 64 << 20  # bytes of one file read per poll at most (a huge backlog is read over several polls)
# a launcher saying the job is over
JOB_END = re.compile(
    r"Root Cause \(first observed failure\)|torch\.distributed\.elastic\.multiprocessing\.errors\.ChildFailedError"
    r"|srun: error: .*(?:Exited with exit code|task \d+: (?:Killed|Terminated|Segmentation|Aborted))|srun: Job step aborted"
    r"|slurmstepd: error: \*\*\* (?:JOB|STEP) [\d.]+ .*CANCELLED|mpirun detected that one or more processes exited"
    r"|mpirun noticed that process rank \d+ .* exited on signal|exits with return code = -?\d+"
)


@dataclass
class Followed:
    inode: int
    offset: int
    pending: bytes = b""  # an unfinished last line


@dataclass
class WatchState:
    started: float = field(default_factory=time.time)
    alerted_at: float | None = None
    job_end: str | None = None
    last_growth: float = field(default_factory=time.monotonic)
    printed_primary: tuple[str, int | None] | None = None
    printed_collateral: frozenset[tuple[str, int | None]] = frozenset()
    exec_done: bool = False
    diagnosis: Any = None


def _files(paths: list[str]) -> list[str]:
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files)]
        elif os.path.isfile(p):
            out.append(p)
    return out


def _compressed(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return True
    return head.startswith((b"\x1f\x8b", b"\x28\xb5\x2f\xfd"))


class Follower:
    """New complete lines of every file under the paths since the last poll."""

    def __init__(self, paths: list[str]):
        self.paths = paths
        self.files: dict[str, Followed] = {}

    def poll(self) -> tuple[list[tuple[str, bytes]], bool]:
        """(path, new whole lines) for each file that grew, and whether anything changed at all."""
        out: list[tuple[str, bytes]] = []
        changed = False
        for path in _files(self.paths):
            try:
                st = os.stat(path)
            except OSError:
                continue
            f = self.files.get(path)
            if f is None or f.inode != st.st_ino or st.st_size < f.offset:
                # new, rotated (another inode under the same name) or truncated: from the start
                if f is None and _compressed(path):
                    self.files[path] = Followed(st.st_ino, st.st_size)
                    changed = True
                    continue
                f = self.files[path] = Followed(st.st_ino, 0)
                changed = True
            if st.st_size == f.offset:
                continue
            try:
                with open(path, "rb") as fh:
                    fh.seek(f.offset)
                    data = fh.read(min(st.st_size - f.offset, MAX_READ))
            except OSError:
                continue
            f.offset += len(data)
            changed = True
            data = f.pending + data
            cut = data.rfind(b"\n") + 1
            f.pending = data[cut:]
            if cut:
                out.append((path, data[:cut]))
        return out, changed


def _ranks(fs: list[Any]) -> str:
    rs = sorted({f.rank for f in fs if f.rank is not None})
    return ("rank " if len(rs) == 1 else "ranks ") + ", ".join(map(str, rs)) if rs else ""


def _stamp(state: WatchState) -> str:
    return f"[+{time.time() - state.started:5.1f}s]"


def incident(d: Any, state: WatchState, paths: list[str], masker: Any) -> dict[str, Any]:
    def iso(t: float | None) -> str | None:
        return _dt.datetime.fromtimestamp(t).astimezone().isoformat(timespec="seconds") if t else None

    return {
        **d.to_dict(),
        "watch": {
            "paths": [masker.mask(p) for p in paths], "started": iso(state.started), "alerted_at": iso(state.alerted_at),
            "job_end": masker.mask(state.job_end) if state.job_end else None,
        },
    }


def watch(
    paths: list[str], *, once: bool = False, exec_cmd: str | None = None, interval: float = 0.25,
    idle: float | None = None, pid: int | None = None, mask_hosts: bool = False,
    out: Callable[[str], None] | None = None, as_json: bool = False,
) -> int:
    """Follow ``paths``; returns 1 when a failure was found, 0 when none, 2 when nothing was readable."""
    from .engine import diagnose_sources, get_engine
    from .masking import Masker
    from .models import InputsReport
    from .readers import collect_sources

    def say(text: str) -> None:
        if out is not None:
            out(text)
            return
        stream = sys.stderr if as_json else sys.stdout  # with --json, stdout holds the JSON alone
        stream.write(text + "\n")
        stream.flush()

    get_engine()  # load the knowledge base before the first line arrives
    flagger = LineFlagger()
    masker = Masker(mask_hosts=mask_hosts)
    state = WatchState()
    follower = Follower(paths)
    stop = {"why": None}

    def on_signal(signum: int, _f: Any) -> None:
        stop["why"] = signal.Signals(signum).name

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    last_diag = 0.0
    diag_cost = 0.0
    need = True
    try:
        while True:
            grown, changed = follower.poll()
            if changed:
                state.last_growth = time.monotonic()
            for _path, data in grown:
                if not need and flagger.lines(data):
                    need = True
                if state.job_end is None:
                    m = JOB_END.search(data.decode("utf-8", "replace"))
                    if m:
                        state.job_end = m.group(0)
                        need = True
            now = time.monotonic()
            if need and (once or now - last_diag >= max(interval, 2 * diag_cost)):
                need = False
                report = InputsReport()
                sources = collect_sources([p for p in paths if os.path.exists(p)], report)
                if sources:
                    t0 = time.monotonic()
                    d = diagnose_sources(sources, report, mask_hosts=mask_hosts)
                    diag_cost = time.monotonic() - t0
                    last_diag = time.monotonic()
                    state.diagnosis = d
                    _report_changes(d, state, say)
                    if exec_cmd and not state.exec_done and d.primary is not None and d.primary.role == "root":
                        _run_exec(exec_cmd, incident(d, state, paths, masker), say)
                        state.exec_done = True
            if once:
                break
            if state.job_end is not None and not need:
                say(f"{_stamp(state)} the job's end is in the log ({masker.mask(state.job_end)[:120]}): done")
                break
            if stop["why"]:
                say(f"{_stamp(state)} {stop['why']}: stopping")
                break
            if pid is not None and not _alive(pid):
                if need:
                    continue  # one more diagnosis of what it wrote last
                say(f"{_stamp(state)} process {pid} has exited: done")
                break
            if idle and state.diagnosis is not None and state.diagnosis.exit_code == 1 and time.monotonic() - state.last_growth > idle:
                say(f"{_stamp(state)} no growth for {idle:g} s after the failure: done")
                break
            time.sleep(interval)
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    d = state.diagnosis
    if d is None:
        say("denpex watch: nothing readable under " + ", ".join(paths))
        return 2
    if exec_cmd and not state.exec_done and d.exit_code == 1:
        _run_exec(exec_cmd, incident(d, state, paths, masker), say)
    if as_json:
        sys.stdout.write(json.dumps(incident(d, state, paths, masker), indent=2, ensure_ascii=False) + "\n")
    else:
        say(f"denpex: {d.verdict}")
    return int(d.exit_code)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(ChildProcessError, OSError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    return True


def _report_changes(d: Any, state: WatchState, say: Callable[[str], None]) -> None:
    p = d.primary
    if p is not None:
        key = (p.id, p.rank)
        if key != state.printed_primary:
            what = "FAILURE" if p.role == "root" else "SUSPECT (only collateral so far)"
            if state.alerted_at is None:
                state.alerted_at = time.time()
            say(f"{_stamp(state)} {what} {p.id}" + (f" on rank {p.rank}" if p.rank is not None else "") + f": {d.verdict}")
            if p.evidence:
                e = p.evidence[0]
                say(f"          {e.file}:{e.line}  {e.text[:300]}")
            state.printed_primary = key
    coll = [f for f in d.findings if f.role == "collateral" and f is not p]
    keys = frozenset((f.id, f.rank) for f in coll)
    if keys - state.printed_collateral:
        by_id: dict[str, list[Any]] = {}
        for f in coll:
            by_id.setdefault(f.id, []).append(f)
        parts = [f"{i} ({_ranks(fs)})" if _ranks(fs) else i for i, fs in by_id.items()]
        say(f"{_stamp(state)} collateral: " + ", ".join(parts))
        state.printed_collateral = keys


def _run_exec(cmd: str, doc: dict[str, Any], say: Callable[[str], None]) -> None:
    try:
        r = subprocess.run(cmd, shell=True, input=json.dumps(doc, ensure_ascii=False).encode(), timeout=120, check=False)
        say(f"denpex watch: --exec finished with status {r.returncode}")
    except (OSError, subprocess.TimeoutExpired) as exc:
        say(f"denpex watch: --exec failed: {exc}")
