"""The hang watchdog: when a job stops printing, capture what every process of it is doing.

``Activity`` decides whether output counts as progress (a progress bar redrawn with the same numbers,
or a spinner, does not). ``capture(pids)`` takes, for every process of the job's tree, whether it is
alive, its CPU time and CPU use over a short sample, its rank (from its environment) and its Python
stacks (``py-spy dump``, from PyPI: reads another process's memory, no code runs in it).
``compare_stacks`` then names the ranks whose main-thread stack differs from the majority's: in a hung
collective, the odd rank out is the one that is not in the collective (it is stuck elsewhere).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

RANK_VARS = ("RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID")
_NUMBERS = re.compile(rb"\d+(?:\.\d+)?")
_TIMES = re.compile(rb"\d+:\d\d(?::\d\d)?|\d+(?:\.\d+)?\s*(?:s|it/s|s/it|ms)\b")
_FRAME = re.compile(r"^\s+(?P<func>.+?) \((?P<file>.+?):(?P<line>\d+)\)\s*$")
_THREAD = re.compile(r"^Thread (?P<tid>0x[0-9A-Fa-f]+|\d+) \((?P<state>[^)]*)\)(?::\s*\"?(?P<name>[^\"]*)\"?)?")


class Activity:
    """When the job last made progress: a whole new line, or a redrawn line whose numbers changed
    (a progress bar that moved); the elapsed-time counter of a stuck bar or a spinner is not progress."""

    def __init__(self) -> None:
        self.last = time.monotonic()
        self._redraw: dict[int, bytes] = {}

    def saw(self, data: bytes, stream: int = 1, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if b"\n" in data or b"\r" not in data:
            self.last = now
            self._redraw.pop(stream, None)
            return
        segs = [x for x in data.split(b"\r") if x.strip()]
        if not segs:
            return
        key = b",".join(_NUMBERS.findall(_TIMES.sub(b"", segs[-1])))
        if key and key != self._redraw.get(stream):
            self.last = now
            self._redraw[stream] = key

    def silent_for(self, now: float | None = None) -> float:
        return (time.monotonic() if now is None else now) - self.last


@dataclass
class ProcessState:
    pid: int
    ppid: int
    name: str
    cmdline: str
    status: str
    cpu_time_s: float
    cpu_percent: float | None = None
    rss_mb: float | None = None
    rank: int | None = None
    local_rank: int | None = None
    python: bool = False
    stack: str | None = None  # py-spy dump output
    stack_error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def find_py_spy() -> str | None:
    """py-spy next to this Python (the same environment), else on PATH."""
    here = Path(sys.executable).with_name("py-spy")
    if here.exists():
        return str(here)
    return shutil.which("py-spy")


def tree(root_pid: int, also: set[int] | None = None) -> list[Any]:
    """psutil processes of the job: the root and its descendants, plus ``also`` (orphans re-parented to
    us, pids seen earlier) where still alive."""
    import psutil

    procs: dict[int, Any] = {}
    try:
        root = psutil.Process(root_pid)
        procs[root.pid] = root
        for c in root.children(recursive=True):
            procs[c.pid] = c
    except psutil.Error:
        pass
    for pid in also or ():
        if pid not in procs:
            try:
                procs[pid] = psutil.Process(pid)
            except psutil.Error:
                continue
    return list(procs.values())


def _rank_of(env: dict[str, str]) -> tuple[int | None, int | None]:
    rank = next((env[k] for k in RANK_VARS if env.get(k, "").isdigit()), None)
    local = env.get("LOCAL_RANK") or env.get("OMPI_COMM_WORLD_LOCAL_RANK") or env.get("SLURM_LOCALID")
    return (int(rank) if rank is not None else None, int(local) if local and local.isdigit() else None)


def _is_python(p: Any, cmd: list[str]) -> bool:
    try:
        exe = os.path.basename(p.exe() or "")
    except Exception:  # noqa: BLE001 - psutil.AccessDenied, zombies
        exe = ""
    name = exe or (os.path.basename(cmd[0]) if cmd else "")
    return name.startswith(("python", "pypy"))


def snapshot(procs: list[Any], sample_s: float = 0.5) -> list[ProcessState]:
    """State of each process: alive or not, CPU time, CPU use over ``sample_s``, RSS, rank."""
    import psutil

    for p in procs:
        try:
            p.cpu_percent(None)
        except psutil.Error:
            pass
    time.sleep(sample_s)
    out: list[ProcessState] = []
    for p in procs:
        try:
            with p.oneshot():
                cmd = p.cmdline()
                ct = p.cpu_times()
                st = ProcessState(
                    pid=p.pid, ppid=p.ppid(), name=p.name(), cmdline=" ".join(cmd)[:1000], status=p.status(),
                    cpu_time_s=round(ct.user + ct.system, 2), cpu_percent=round(p.cpu_percent(None), 1),
                    rss_mb=round(p.memory_info().rss / 2**20, 1),
                )
            try:
                st.rank, st.local_rank = _rank_of(p.environ())
            except psutil.Error:
                pass
            st.python = _is_python(p, cmd)
        except psutil.Error:
            continue
        out.append(st)
    # a rank's worker processes (DataLoader workers, compile workers) inherit its RANK: the rank is
    # the topmost process with that rank
    by_pid = {s.pid: s for s in out}
    for s in out:
        parent = by_pid.get(s.ppid)
        if s.rank is not None and parent is not None and parent.rank == s.rank and parent.python:
            s.rank = None
    return out


def dump_stacks(states: list[ProcessState], py_spy: str | None, timeout: float = 20.0) -> None:
    """``py-spy dump --pid`` for every Python process, in parallel; each result on its state."""
    todo = [s for s in states if s.python and s.status != "zombie"]
    if not todo:
        return
    if py_spy is None:
        for s in todo:
            s.stack_error = "py-spy is not installed (pip install 'denpex[run]')"
        return

    def one(s: ProcessState) -> None:
        try:
            r = subprocess.run([py_spy, "dump", "--pid", str(s.pid)], capture_output=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            s.stack_error = f"py-spy: {exc}"
            return
        text = r.stdout.decode("utf-8", "replace")
        if r.returncode == 0 and text.strip():
            s.stack = text
        else:
            err = r.stderr.decode("utf-8", "replace").strip().splitlines()
            s.stack_error = "py-spy: " + (err[0] if err else f"exit {r.returncode}")
            if any("ermission" in e or "ptrace" in e for e in err):
                s.stack_error += " (needs ptrace permission: same user and kernel.yama.ptrace_scope <= 1, or CAP_SYS_PTRACE)"

    with ThreadPoolExecutor(max_workers=min(8, len(todo))) as pool:
        list(pool.map(one, todo))


def main_thread_frames(stack: str) -> list[str]:
    """The frames of a py-spy dump's main thread (the first listed), innermost first, as 'func (file:line)'."""
    frames: list[str] = []
    seen_thread = False
    for line in stack.splitlines():
        t = _THREAD.match(line)
        if t:
            if seen_thread and frames:
                break
            seen_thread = True
            continue
        m = _FRAME.match(line)
        if m and seen_thread:
            frames.append(f"{m.group('func')} ({os.path.basename(m.group('file'))}:{m.group('line')})")
    return frames


@dataclass
class StackVerdict:
    suspects: list[int] = field(default_factory=list)  # ranks whose stack differs from the majority
    majority_ranks: list[int] = field(default_factory=list)
    majority_frame: str | None = None  # innermost frame of the majority's main thread
    odd_frames: dict[int, str] = field(default_factory=dict)  # suspect rank -> its innermost frame
    note: str = ""


def compare_stacks(states: list[ProcessState]) -> StackVerdict:
    """Ranks whose main-thread stack differs from what most ranks are doing."""
    sigs: dict[int, tuple[str, ...]] = {}
    for s in states:
        if s.rank is not None and s.stack:
            frames = main_thread_frames(s.stack)
            if frames:
                sigs[s.rank] = tuple(frames)
    v = StackVerdict()
    if len(sigs) < 2:
        v.note = "fewer than two ranks' stacks were captured: nothing to compare"
        return v
    counts = Counter(sigs.values())
    (top, n), *rest = counts.most_common()
    if rest and rest[0][1] == n:
        v.note = f"no majority: the {len(sigs)} ranks' stacks split {n}/{rest[0][1]}/..."
        return v
    v.majority_ranks = sorted(r for r, sg in sigs.items() if sg == top)
    v.majority_frame = top[0]
    v.suspects = sorted(r for r, sg in sigs.items() if sg != top)
    v.odd_frames = {r: sigs[r][0] for r in v.suspects}
    if not v.suspects:
        v.note = f"every rank is at the same place ({top[0]}): the cause is outside these processes (another node, the network, storage)"
    return v


def stacks_text(states: list[ProcessState]) -> str:
    """A readable file of every process's state and stack."""
    out: list[str] = []
    for s in states:
        who = f"rank {s.rank}" if s.rank is not None else "process"
        out.append(f"=== {who} pid {s.pid} (parent {s.ppid}) {s.status}, cpu {s.cpu_time_s}s ({s.cpu_percent}% now), "
                   f"rss {s.rss_mb} MiB: {s.cmdline}")
        if s.stack:
            out.append(s.stack.rstrip())
        elif s.stack_error:
            out.append(f"(no stack: {s.stack_error})")
        out.append("")
    return "\n".join(out) + "\n"


def request_nccl_dumps(run_dir: Path, wait_s: float = 5.0) -> list[str]:
    """Ask every process that opened a Flight Recorder pipe (TORCH_NCCL_DEBUG_INFO_PIPE_FILE) for a
    dump, and return the dump files present afterwards."""
    pipes = sorted(run_dir.glob("nccl_pipe_*.pipe"))
    for pipe in pipes:
        try:
            fd = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            os.write(fd, b"1\n")
        except OSError:
            pass
        finally:
            os.close(fd)
    if pipes:
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline and len(list(run_dir.glob("nccl_trace_rank_*"))) < len(pipes):
            time.sleep(0.2)
    return sorted(p.name for p in run_dir.glob("nccl_trace_rank_*"))
