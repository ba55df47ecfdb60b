"""``denpex run -- <command>``: run a job unchanged, keep a flight recording of it, diagnose it when it fails.

The command gets our arguments, environment (plus a few diagnosability switches, only where unset),
working directory, standard input and terminal. Its output is passed through as it comes: through a
pseudo-terminal when our stdout is a terminal (colours and progress bars intact; stdout and stderr
then arrive merged, as on any terminal), else through two pipes, each stream to the same stream of
ours, byte for byte. SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 sent to us are forwarded
to the command's process group; when our stdin is the terminal the command's group is made the
terminal's foreground group, so Ctrl-C reaches it directly (as without us) and it can read the
terminal. Its exit status is ours (128+N when it died of signal N, as a shell reports it).

We become a child subreaper (Linux), so processes the command leaves behind (a launcher's workers
after the launcher died) stay in reach: they are listed and ended when the command has exited.

On failure (non-zero status, a signal, or a hang the watchdog caught) the recording (masked) and
``incident.json`` (the diagnosis JSON plus the run's metadata) are written to the run folder and the
verdict is printed last, on stderr. A run that succeeds leaves one line in ``runs.jsonl``.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import __version__
from .hangs import (
    Activity,
    compare_stacks,
    dump_stacks,
    find_py_spy,
    request_nccl_dumps,
    snapshot,
    stacks_text,
    tree,
)
from .masking import Masker
from .recorder import FlightRecorder, human, write_masked

FORWARDED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2")
READ = 1 << 20
AFTER_EXIT_DRAIN = 2.0  # seconds to keep reading after the command exited (a grandchild may hold the pipe)
LEFTOVER_GRACE = 5.0
ML_PACKAGES = (
    "torch", "transformers", "accelerate", "deepspeed", "vllm", "sglang", "jax", "jaxlib", "tensorflow",
    "flash-attn", "triton", "xformers", "peft", "trl", "datasets", "megatron-core", "bitsandbytes", "ray",
    "lightning", "pytorch-lightning", "numpy", "nvidia-nccl-cu12", "nvidia-nccl-cu11", "nvidia-cudnn-cu12",
)
_KERNEL = re.compile(
    r"Out of memory|oom-kill|oom_reaper|Killed process|invoked oom-killer|Memory cgroup out of memory|segfault|"
    r"general protection|traps:|NVRM: Xid|hung_task|blocked for more than",
    re.IGNORECASE,
)


@dataclass
class RunConfig:
    command: list[str]
    dir: Path = Path("denpex-runs")
    name: str | None = None
    hang_timeout: float | None = None  # seconds without progress before the watchdog captures stacks
    kill_on_hang: bool = False
    set_env: bool = True
    max_log: int = 8 << 20  # bytes of output kept (head + flagged lines + tail), before compression
    mask_hosts: bool = False
    pty: str = "auto"  # auto (when stdout is a terminal) | always | never
    quiet: bool = False


@dataclass
class RunState:
    started: float = field(default_factory=time.time)
    ended: float | None = None
    returncode: int | None = None
    signals: list[str] = field(default_factory=list)  # forwarded to the command
    ended_by: str = "exit"  # exit | signal | hang
    hang: dict[str, Any] | None = None
    seen_pids: set[int] = field(default_factory=set)
    leftovers: list[dict[str, Any]] = field(default_factory=list)


# -- exit status -----------------------------------------------------------------------------------
_SIGNAL_HINTS = {
    "SIGKILL": "cannot be caught: the kernel's OOM killer, a scheduler ending the job after its grace period, or kill -9",
    "SIGSEGV": "a segmentation fault: native code (a C/C++/CUDA extension) read invalid memory",
    "SIGBUS": "a bus error: often /dev/shm full (DataLoader shared memory) or a truncated memory-mapped file",
    "SIGABRT": "abort(): a C++ exception or failed assertion in native code (std::terminate, NCCL/CUDA checks)",
    "SIGTERM": "asked to stop: a scheduler (Slurm time limit, preemption, Kubernetes) or a launcher tearing down",
    "SIGINT": "interrupted (Ctrl-C)",
    "SIGILL": "an illegal instruction: a binary built for a newer CPU than this one",
    "SIGFPE": "an arithmetic fault in native code (integer division by zero)",
    "SIGHUP": "the terminal or session went away",
    "SIGPIPE": "wrote to a pipe nobody reads any more",
}


def signal_name(n: int) -> str:
    try:
        return signal.Signals(n).name
    except ValueError:
        return f"signal {n}"


def decode_exit(rc: int | None) -> dict[str, Any]:
    """What an exit status means: signal names, 128+N, -9 (we saw the signal) vs 137 (a shell saw it)."""
    if rc is None:
        return {"code": None, "signal": None, "signal_name": None, "status": 1, "text": "did not exit (still running)"}
    if rc < 0:
        sig = -rc
        name = signal_name(sig)
        hint = _SIGNAL_HINTS.get(name, "")
        return {
            "code": None, "signal": sig, "signal_name": name, "status": 128 + sig,
            "text": f"killed by signal {sig} ({name})" + (f": {hint}" if hint else "")
            + f"; our exit status is 128+{sig} = {128 + sig}, as a shell reports it",
        }
    out: dict[str, Any] = {"code": rc, "signal": None, "signal_name": None, "status": rc, "text": f"exit status {rc}"}
    if 128 < rc < 128 + 65:
        name = signal_name(rc - 128)
        if not name.startswith("signal "):
            hint = _SIGNAL_HINTS.get(name, "")
            out["signal_name"] = name
            out["text"] = (
                f"exit status {rc} = 128+{rc - 128}: the command itself exited, reporting that a process it ran died of "
                f"{name}" + (f" ({hint})" if hint else "")
            )
    elif rc == 0:
        out["text"] = "exit status 0 (success)"
    return out


# -- environment ------------------------------------------------------------------------------------
def diagnosable_env(
    env: dict[str, str], run_dir: Path, torch_version: str | None = None,
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """The command's environment with the diagnosability switches added where unset; returns
    (environment, what we set, what the user had set already and we left alone). ``torch_version``
    (of the job's Python) picks the Flight Recorder's variable names: ``TORCH_FR_*`` from 2.8 on (the
    old names print a deprecation warning on every rank there), ``TORCH_NCCL_*`` before."""
    new_fr = _version_at_least(torch_version, (2, 8))
    wanted = {
        "PYTHONFAULTHANDLER": "1",  # native crashes and fatal signals print every thread's Python stack
        "TORCH_SHOW_CPP_STACKTRACES": "1",
        # torchrun's --log-dir through its PET_ environment default: each rank gets its
        # TORCHELASTIC_ERROR_FILE (attempt_N/<local_rank>/error.json) inside the run folder
        "PET_LOG_DIR": str(run_dir / "torchelastic"),
        # NCCL Flight Recorder: record collectives, dump them on a timeout (and on our request) here
        ("TORCH_FR_BUFFER_SIZE" if new_fr else "TORCH_NCCL_TRACE_BUFFER_SIZE"): "2000",
        "TORCH_NCCL_DUMP_ON_TIMEOUT": "1",
        ("TORCH_FR_DUMP_TEMP_FILE" if new_fr else "TORCH_NCCL_DEBUG_INFO_TEMP_FILE"): str(run_dir / "nccl_trace_rank_"),
        "TORCH_NCCL_DEBUG_INFO_PIPE_FILE": str(run_dir / "nccl_pipe_"),
    }
    out = dict(env)
    set_: dict[str, str] = {}
    kept: list[str] = []
    same = {"TORCH_FR_BUFFER_SIZE": "TORCH_NCCL_TRACE_BUFFER_SIZE", "TORCH_FR_DUMP_TEMP_FILE": "TORCH_NCCL_DEBUG_INFO_TEMP_FILE"}
    same.update({v: k for k, v in same.items()})
    for k, v in wanted.items():
        if k in env or same.get(k, "") in env:
            kept.append(k)
        else:
            out[k] = set_[k] = v
    return out, set_, kept


def _version_at_least(version: str | None, want: tuple[int, ...]) -> bool:
    if not version:
        return False
    nums = re.findall(r"\d+", version.split("+")[0])[: len(want)]
    try:
        return tuple(int(n) for n in nums) >= want
    except ValueError:
        return False


def installed_version(python: str | None, dist: str) -> str | None:
    """A distribution's version in the environment of ``python``, read from its ``.dist-info`` folder
    name (nothing is run: this is on the start-up path)."""
    if python is None:
        return None
    prefix = Path(python).resolve().parent.parent
    candidates = [Path(python).parent.parent, prefix]
    for base in candidates:
        for site in (*base.glob("lib/python3*/site-packages"), *base.glob("lib/python3*/dist-packages"), *base.glob("Lib/site-packages")):
            for info in site.glob(f"{dist}-*.dist-info"):
                return info.name[len(dist) + 1 : -len(".dist-info")]
    return None


def run_name(command: list[str]) -> str:
    script = next((a for a in command[1:] if a.endswith(".py") and not a.startswith("-")), None)
    base = Path(script).stem if script else Path(command[0]).name
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", base)[:40] or "run"


def make_run_dir(base: Path, name: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    task = os.environ.get("SLURM_PROCID") or os.environ.get("RANK") or os.environ.get("OMPI_COMM_WORLD_RANK")
    suffix = f"-task{task}" if task is not None and task.isdigit() else ""
    base.mkdir(parents=True, exist_ok=True)
    for i in range(1000):
        d = base / f"{stamp}-{name}{suffix}{f'.{i}' if i else ''}"
        try:
            d.mkdir()
            return d
        except FileExistsError:
            continue
    raise OSError(f"cannot create a run folder under {base}")


# -- process handling -------------------------------------------------------------------------------
def _set_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _we_are_foreground() -> bool:
    try:
        return os.isatty(0) and os.tcgetpgrp(0) == os.getpgrp()
    except OSError:
        return False


def _child_setup(foreground: bool):  # type: ignore[no-untyped-def]
    def setup() -> None:
        os.setpgid(0, 0)
        if foreground:
            old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
            with contextlib.suppress(OSError):
                os.tcsetpgrp(0, os.getpid())
            signal.signal(signal.SIGTTOU, old)

    return setup


def _take_back_terminal() -> None:
    old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    try:
        os.tcsetpgrp(0, os.getpgrp())
    except OSError:
        pass
    finally:
        signal.signal(signal.SIGTTOU, old)


def _open_pty() -> tuple[int, int]:
    import pty
    import termios

    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[1] &= ~termios.OPOST  # bytes pass as written (\n stays \n); the real terminal translates
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    _copy_winsize(slave)
    return master, slave


def _copy_winsize(fd: int) -> None:
    import fcntl
    import termios

    for src in (1, 2, 0):
        try:
            size = fcntl.ioctl(src, termios.TIOCGWINSZ, b"\0" * 8)
        except OSError:
            continue
        with contextlib.suppress(OSError):
            fcntl.ioctl(fd, termios.TIOCSWINSZ, size)
        return


def _big_pipe(fd: int) -> None:
    import fcntl

    with contextlib.suppress(OSError, AttributeError):
        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1 << 20)


def _write_all(fd: int, data: bytes) -> bool:
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            time.sleep(0.001)
            continue
        except OSError:
            return False
        view = view[n:]
    return True


def _descendants(exclude: set[int]) -> list[Any]:
    import psutil

    try:
        return [p for p in psutil.Process().children(recursive=True) if p.pid not in exclude]
    except psutil.Error:
        return []


def end_processes(procs: list[Any], grace: float = LEFTOVER_GRACE) -> list[dict[str, Any]]:
    """SIGTERM, then SIGKILL after ``grace`` seconds; returns what each was."""
    import psutil

    out = []
    alive = []
    for p in procs:
        try:
            info = {"pid": p.pid, "name": p.name(), "cmdline": " ".join(p.cmdline())[:500], "status": p.status()}
        except psutil.Error:
            continue
        if info["status"] == psutil.STATUS_ZOMBIE:
            continue
        out.append(info)
        alive.append(p)
        with contextlib.suppress(psutil.Error):
            p.terminate()
    _, still = psutil.wait_procs(alive, timeout=grace)
    for p in still:
        with contextlib.suppress(psutil.Error):
            p.kill()
    psutil.wait_procs(still, timeout=2)
    killed = {p.pid for p in still}
    for info in out:
        info["ended_with"] = "SIGKILL" if info["pid"] in killed else "SIGTERM"
    return out


def _reap(pids: set[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


# -- host facts ------------------------------------------------------------------------------------
def kernel_lines(pids: set[int], since: float, limit: int = 200) -> tuple[list[str], str | None]:
    """OOM-killer, segfault and Xid lines from the kernel log that name the job's processes or come
    after its start, where readable without privileges; (lines, why not readable)."""
    for cmd in (["dmesg", "--time-format", "iso"], ["journalctl", "-k", "-q", "--no-pager", "-o", "short-iso",
                                                     "--since", f"@{int(since)}"]):
        if shutil.which(cmd[0]) is None:
            continue
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode != 0:
            continue
        since_iso = _dt.datetime.fromtimestamp(since).astimezone().strftime("%Y-%m-%dT%H:%M:%S")
        out = []
        pid_rx = re.compile(r"\b(?:pid[=: ]\s*|process |\[)(\d+)\b")
        for line in r.stdout.decode("utf-8", "replace").splitlines():
            if not _KERNEL.search(line):
                continue
            named = {int(m) for m in pid_rx.findall(line)}
            recent = line[:19] >= since_iso if line[:4].isdigit() else cmd[0] == "journalctl"
            if named & pids or (recent and not named):
                out.append(line)
        return out[-limit:], None
    return [], "kernel log not readable without privileges here (dmesg restricted, no journal access)"


def disk_facts(run_dir: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label, path in (("run_folder", run_dir), ("dev_shm", Path("/dev/shm"))):
        try:
            u = shutil.disk_usage(path)
        except OSError:
            continue
        out[label] = {"free_bytes": u.free, "total_bytes": u.total, "free": human(u.free)}
    return out


def job_python(command: list[str], env: dict[str, str]) -> str | None:
    """The Python interpreter the job runs: the command itself, a launcher script's shebang
    (torchrun, accelerate, deepspeed), or the first such argument of a wrapper (srun, mpirun)."""
    path = env.get("PATH")
    for arg in command:
        if arg.startswith("-"):
            continue
        exe = shutil.which(arg, path=path) if "/" not in arg else (arg if os.access(arg, os.X_OK) else None)
        if exe is None:
            continue
        if Path(exe).name.startswith("python"):
            return exe
        try:
            with open(exe, "rb") as fh:
                first = fh.readline(512)
        except OSError:
            continue
        if first.startswith(b"#!"):
            parts = first[2:].decode("utf-8", "replace").split()
            if parts and Path(parts[0]).name.startswith("python"):
                return parts[0]
            if len(parts) > 1 and Path(parts[0]).name == "env" and parts[1].startswith("python"):
                return shutil.which(parts[1], path=path)
    return shutil.which("python3", path=path)


_VERSIONS_CODE = (
    "import json,sys\nimport importlib.metadata as m\nout={'python':sys.version.split()[0]}\n"
    "for n in sys.argv[1:]:\n    try: out[n]=m.version(n)\n    except Exception: pass\nprint(json.dumps(out))\n"
)


def package_versions(python: str | None) -> dict[str, str]:
    """Versions of the ML packages installed in the job's Python (from their metadata: nothing imported)."""
    if python is None:
        return {}
    try:
        r = subprocess.run([python, "-c", _VERSIONS_CODE, *ML_PACKAGES], capture_output=True, timeout=20, check=False)
        return json.loads(r.stdout) if r.returncode == 0 else {}
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return {}


def _iso(t: float | None) -> str | None:
    return _dt.datetime.fromtimestamp(t).astimezone().isoformat(timespec="seconds") if t else None


# -- the run -----------------------------------------------------------------------------------------
class Runner:
    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.state = RunState()
        self.recorder = FlightRecorder(cfg.max_log)
        self.activity = Activity()
        self.masker = Masker(mask_hosts=cfg.mask_hosts)
        self.helpers: set[int] = set()
        self.proc: subprocess.Popen[bytes] | None = None
        self.run_dir: Path | None = None
        self.env_set: dict[str, str] = {}
        self.env_kept: list[str] = []
        self.env: dict[str, str] = dict(os.environ)
        self._old_handlers: dict[int, Any] = {}
        self._foreground = False
        self._pty_master: int | None = None
        self.streams: dict[int, int] = {}  # fd -> 1 (stdout) or 2 (stderr)
        self.dest: dict[int, int] = {}  # fd -> our fd its bytes go to

    def say(self, text: str) -> None:
        if not self.cfg.quiet:
            _write_all(2, (text.rstrip("\n") + "\n").encode("utf-8", "replace"))

    # signals
    def _forward(self, signum: int, _frame: Any) -> None:
        p = self.proc
        if signum == signal.SIGWINCH:
            if self._pty_master is not None:
                _copy_winsize(self._pty_master)
            return
        self.state.signals.append(signal_name(signum))
        if p is not None and p.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signum)

    def _install_handlers(self) -> None:
        for name in (*FORWARDED, "SIGWINCH"):
            sig = getattr(signal, name, None)
            if sig is not None:
                self._old_handlers[sig] = signal.signal(sig, self._forward)

    def _restore_handlers(self) -> None:
        for sig, h in self._old_handlers.items():
            with contextlib.suppress(Exception):
                signal.signal(sig, h)

    def start(self) -> None:
        cfg = self.cfg
        self.run_dir = make_run_dir(cfg.dir, cfg.name or run_name(cfg.command))
        if cfg.set_env:
            torch_version = installed_version(job_python(cfg.command, dict(os.environ)), "torch")
            self.env, self.env_set, self.env_kept = diagnosable_env(dict(os.environ), self.run_dir.resolve(), torch_version)
        _set_subreaper()
        use_pty = cfg.pty == "always" or (cfg.pty == "auto" and os.isatty(1))
        self._foreground = _we_are_foreground()
        self._install_handlers()
        kw: dict[str, Any] = {"env": self.env, "preexec_fn": _child_setup(self._foreground)}
        if use_pty:
            master, slave = _open_pty()
            self._pty_master = master
            self.proc = subprocess.Popen(cfg.command, stdout=slave, stderr=slave, **kw)
            os.close(slave)
            self.streams = {master: 1}
            self.dest = {master: 1}
        else:
            self.proc = subprocess.Popen(cfg.command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
            assert self.proc.stdout is not None and self.proc.stderr is not None
            out, err = self.proc.stdout.fileno(), self.proc.stderr.fileno()
            for fd in (out, err):
                _big_pipe(fd)
            self.streams = {out: 1, err: 2}
            self.dest = {out: 1, err: 2}
        self.state.seen_pids.add(self.proc.pid)

    def loop(self) -> None:
        assert self.proc is not None
        sel = selectors.DefaultSelector()
        for fd in self.streams:
            sel.register(fd, selectors.EVENT_READ)
        open_fds = set(self.streams)
        passthrough = {1: True, 2: True}
        exited_at: float | None = None
        last_track = 0.0
        hang_at: float | None = None
        while open_fds:
            now = time.monotonic()
            events = sel.select(timeout=0.25)
            for key, _ in events:
                fd = key.fd
                try:
                    data = os.read(fd, READ)
                except OSError:  # EIO: the pty's other side is closed
                    data = b""
                if not data:
                    sel.unregister(fd)
                    open_fds.discard(fd)
                    if fd == self._pty_master:
                        os.close(fd)
                    continue
                dest = self.dest[fd]
                if passthrough[dest] and not _write_all(dest, data):
                    passthrough[dest] = False  # our stdout went away: keep recording, like a tee with -p
                stream = self.streams[fd]
                self.recorder.feed(data, stream)
                self.activity.saw(data, stream)
            if self.proc.returncode is None and self.proc.poll() is not None:
                exited_at = time.monotonic()
            if exited_at is not None and time.monotonic() - exited_at > AFTER_EXIT_DRAIN and not events:
                break  # a grandchild holds the output open: stop reading
            if now - last_track > 2.0:
                last_track = now
                self._track()
            if self.cfg.hang_timeout and self.proc.returncode is None:
                if hang_at is not None and self.activity.last > hang_at:
                    hang_at = None  # output moved again: the watchdog re-arms
                if hang_at is None and self.activity.silent_for() >= self.cfg.hang_timeout:
                    hang_at = time.monotonic()
                    self._on_hang()
        sel.close()
        if self._pty_master in open_fds:
            with contextlib.suppress(OSError):
                os.close(self._pty_master)
        if self.proc.returncode is None:
            self.proc.wait()

    def _track(self) -> None:
        assert self.proc is not None
        try:
            for p in tree(self.proc.pid):
                self.state.seen_pids.add(p.pid)
        except Exception:  # noqa: BLE001, S110 - psutil missing or a race: tracking is best effort
            pass

    # hang
    def _on_hang(self) -> None:
        assert self.proc is not None and self.run_dir is not None
        silent = self.activity.silent_for()
        self.say(f"\ndenpex run: no progress for {silent:.0f} s (--hang-timeout {self.cfg.hang_timeout:g}s): capturing stacks ...")
        procs = [p for p in tree(self.proc.pid, self.state.seen_pids) if p.pid not in self.helpers]
        states = snapshot(procs)
        py_spy = find_py_spy()
        dump_stacks(states, py_spy)
        verdict = compare_stacks(states)
        dumps = request_nccl_dumps(self.run_dir)
        for s in states:
            s.cmdline = self.masker.mask(s.cmdline)
            if s.stack:
                s.stack = self.masker.mask(s.stack)
        (self.run_dir / "stacks.txt").write_text(stacks_text(states), encoding="utf-8")
        text = hang_verdict(silent, verdict, states)
        self.state.hang = {
            "detected_at": _iso(time.time()), "silent_for_s": round(silent, 1), "timeout_s": self.cfg.hang_timeout,
            "verdict": text, "suspects": verdict.suspects, "majority_ranks": verdict.majority_ranks,
            "majority_frame": verdict.majority_frame, "odd_frames": {str(k): v for k, v in verdict.odd_frames.items()},
            "note": verdict.note, "processes": [s.to_dict() for s in states], "stacks_file": "stacks.txt",
            "nccl_dumps": dumps, "py_spy": self.masker.mask(py_spy) if py_spy else "not installed (pip install 'denpex[run]')",
        }
        if not self.cfg.kill_on_hang:
            self.write_incident(final=False)  # the job may hang for hours yet: the incident is there now
        self.say(f"denpex run: HANG: {text}")
        self.say(f"denpex run: stacks in {self.run_dir / 'stacks.txt'}")
        if self.cfg.kill_on_hang:
            self.state.ended_by = "hang"
            self.say("denpex run: --kill-on-hang: ending the job")
            self.kill_job()

    def kill_job(self) -> None:
        """SIGTERM to the command's process group and every process of its tree, SIGKILL after 10 s.
        The command itself is waited for through Popen only (psutil would reap it and lose its status)."""
        import psutil

        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        others = [p for p in tree(self.proc.pid, self.state.seen_pids) if p.pid not in self.helpers and p.pid != self.proc.pid]
        for p in others:
            with contextlib.suppress(psutil.Error):
                p.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.kill()
        _gone, still = psutil.wait_procs(others, timeout=2)
        for p in still:
            with contextlib.suppress(psutil.Error):
                p.kill()

    # end
    def finish(self) -> int:
        assert self.proc is not None and self.run_dir is not None
        st = self.state
        st.ended = time.time()
        st.returncode = self.proc.returncode
        if self._foreground:
            _take_back_terminal()
        if st.signals and st.ended_by == "exit":
            st.ended_by = "signal"
        left = _descendants(self.helpers)
        if left:
            st.leftovers = end_processes(left)
            for info in st.leftovers:
                info["cmdline"] = self.masker.mask(info["cmdline"])
            _reap({p["pid"] for p in st.leftovers})
        self._restore_handlers()
        ex = decode_exit(st.returncode)
        if st.returncode == 0 and st.hang is None:
            self._record_success(ex)
            return 0
        self.write_incident(final=True, ex=ex)
        return int(ex["status"])

    def _meta(self, ex: dict[str, Any] | None) -> dict[str, Any]:
        st = self.state
        m = self.masker
        return {
            "denpex_version": __version__,
            "command": [m.mask(a) for a in self.cfg.command],
            "cwd": m.mask(os.getcwd()),
            "started": _iso(st.started),
            "ended": _iso(st.ended),
            "duration_s": round((st.ended or time.time()) - st.started, 2),
            "exit": ex,
            "ended_by": st.ended_by,
            "signals_forwarded": st.signals,
            "hosts": [m.host(socket.gethostname())],
            "env_set": {k: m.mask(v) for k, v in self.env_set.items()},
            "env_left_as_set": self.env_kept,
            "output": self.recorder.stats(),
            "hang": st.hang,
            "left_running": st.leftovers,
        }

    def _record_success(self, ex: dict[str, Any]) -> None:
        assert self.run_dir is not None
        meta = self._meta(ex)
        rec = {k: meta[k] for k in ("command", "started", "ended", "duration_s", "hosts", "output")}
        rec["exit"] = 0
        if not any(p.is_file() for p in self.run_dir.rglob("*")):
            shutil.rmtree(self.run_dir, ignore_errors=True)
            where = None
        else:
            where = str(self.run_dir)
            rec["folder"] = where
        with open(self.cfg.dir / "runs.jsonl", "a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec) + "\n")
        out = self.recorder.stats()
        self.say(
            f"denpex run: exit 0 after {meta['duration_s']:.1f} s, {out['lines']:,} lines ({human(out['bytes'])}); "
            f"nothing stored but a line in {self.cfg.dir / 'runs.jsonl'}" + (f" (torch left files in {where})" if where else "")
        )

    def write_incident(self, final: bool, ex: dict[str, Any] | None = None) -> None:
        """Store the masked recording, diagnose it (with torchelastic error files and kernel lines) and
        write incident.json; on the final call print the report and the verdict last."""
        from .engine import diagnose_sources
        from .models import InputsReport
        from .readers import bytes_source, collect_sources

        assert self.run_dir is not None
        d_dir = self.run_dir
        log = d_dir / "output.log.zst"
        kept = self.recorder.snapshot()
        stored = write_masked(kept, log, self.masker)
        report = InputsReport()
        sources = collect_sources([str(log)], report)
        error_files = sorted(p for p in (d_dir / "torchelastic").rglob("error.json")) if (d_dir / "torchelastic").exists() else []
        if error_files:
            sources += collect_sources([str(p) for p in error_files], report)
        kernel, kernel_note = kernel_lines(self.state.seen_pids, self.state.started) if final else ([], None)
        if kernel:
            sources.append(bytes_source("kernel log (dmesg)", ("\n".join(kernel) + "\n").encode(), report))
        d = diagnose_sources(sources, report, mask_hosts=self.cfg.mask_hosts)
        meta = self._meta(ex)
        meta["output"].update({"stored": log.name, "kept_bytes": len(kept), "stored_bytes": stored, "limit_bytes": self.cfg.max_log})
        meta["host"] = {
            "kernel": [self.masker.mask(k) for k in kernel], "kernel_note": kernel_note, "disk": disk_facts(d_dir),
        }
        meta["torchelastic_error_files"] = [str(p.relative_to(d_dir)) for p in error_files]
        meta["nccl_dumps"] = sorted(p.name for p in d_dir.glob("nccl_trace_rank_*"))
        if final:
            meta["versions"] = package_versions(job_python(self.cfg.command, self.env))
        verdict = d.verdict
        if self.state.hang is not None:
            verdict = f"Hang: {self.state.hang['verdict']} Log: {d.verdict}"
        meta["verdict"] = verdict
        incident = {**d.to_dict(), "run": meta}
        tmp = d_dir / "incident.json.tmp"
        tmp.write_text(json.dumps(incident, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
        tmp.replace(d_dir / "incident.json")
        if final and not self.cfg.quiet:
            self._print_report(d, meta, verdict, ex or {})

    def _print_report(self, d: Any, meta: dict[str, Any], verdict: str, ex: dict[str, Any]) -> None:
        from rich.console import Console

        from .render import render_terminal

        con = Console(stderr=True, highlight=False, soft_wrap=False)
        con.rule("denpex run")
        con.print(f"command: {ex.get('text')} after {meta['duration_s']:.1f} s ({meta['ended_by']})", markup=False)
        if meta["signals_forwarded"]:
            con.print(f"signals forwarded to the command: {', '.join(meta['signals_forwarded'])}", markup=False)
        if self.env_set:
            con.print("set where unset (--no-env: none): " + ", ".join(self.env_set), markup=False)
        host = meta["host"]
        disk = host.get("disk", {})
        free = ", ".join(f"{k.replace('_', ' ')} {v['free']} free" for k, v in disk.items())
        con.print(f"host: {free}" + (f"; kernel: {len(host['kernel'])} line(s) about the job's processes" if host["kernel"] else
                  f"; {host['kernel_note']}" if host["kernel_note"] else "; kernel log: nothing about the job"), markup=False)
        for k in host["kernel"][-5:]:
            con.print(f"  {k}", markup=False)
        if meta["left_running"]:
            con.print(f"left running after the command exited (ended by denpex): {len(meta['left_running'])} process(es)", markup=False)
        render_terminal(d, con)
        out = meta["output"]
        con.file.flush()
        self.say(
            f"run folder: {self.run_dir}  (output.log.zst: {human(out['stored_bytes'])} for {human(out['bytes'])} of output, "
            f"{out['lines']:,} lines; incident.json)"
        )
        self.say(f"denpex: {verdict}")  # last, on one line: `tail -1` of a job's log is the verdict


def hang_verdict(silent: float, v: Any, states: list[Any]) -> str:
    from collections import Counter

    from .hangs import main_thread_frames

    alive = [s for s in states if s.status != "zombie"]
    head = f"no output or progress for {silent:.0f} s; {len(alive)} process(es) of the job alive."
    if v.suspects:
        odd = "; ".join(f"rank {r} is at {v.odd_frames[r]}" for r in v.suspects)
        ranks = ", ".join(map(str, v.majority_ranks))
        return f"{head} Ranks {ranks} wait at {v.majority_frame}; {odd} (suspect: its stack differs from the majority)."
    where = Counter(f[0] for s in alive if s.stack and (f := main_thread_frames(s.stack)))
    at = "; ".join(f"{n} at {frame}" for frame, n in where.most_common(4))
    if v.majority_ranks:
        return f"{head} {v.note}"
    return f"{head} Main threads: {at}." if at else head


def run(cfg: RunConfig) -> int:
    """Run the command; returns its exit status (128+N for signal N)."""
    r = Runner(cfg)
    try:
        r.start()
    except FileNotFoundError:
        r._restore_handlers()
        r.say(f"denpex run: {cfg.command[0]}: command not found")
        if r.run_dir is not None:
            shutil.rmtree(r.run_dir, ignore_errors=True)
        return 127
    except PermissionError:
        r._restore_handlers()
        r.say(f"denpex run: {cfg.command[0]}: permission denied")
        if r.run_dir is not None:
            shutil.rmtree(r.run_dir, ignore_errors=True)
        return 126
    r.loop()
    return r.finish()
