"""Real Open MPI runs: ``mpirun -np 4`` of the gloo worker (worker.py through env_worker.py, which maps
OMPI_COMM_WORLD_RANK/SIZE to torch's env://), one rank failing.

Scenarios (all four run at once, a few seconds each):
  abort   - ``--tag-output``; rank 2 hits a shape error under ``python -m mpi4py``, which prints the
            traceback and calls MPI_Abort (Open MPI's "MPI_ABORT was invoked on rank 2" banner)
  outfile - ``--output-filename DIR``; rank 2 raises an IndexError no entry names; per-rank files
            ``DIR/1/rank.N/{stdout,stderr}`` (the stdout lines carry no rank prefix at all)
  sigkill - ``--tag-output``; rank 1 is SIGKILLed ("mpirun noticed that process rank 1 with PID 0 on
            node X exited on signal 9 (Killed)")
  hang    - ``--tag-output``; rank 3 stops calling collectives, the others time out in gloo and mpirun
            names the first of those as "The first process to do so"

Each test asserts the rank, host and class Denpex names and what mpirun's own summary says.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from launch_helpers import by_rank as _by_rank
from launch_helpers import diagnose as _diagnose
from launch_helpers import free_port as _free_port

torch = pytest.importorskip("torch")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("mpirun")]

MPIRUN = shutil.which("mpirun")
if MPIRUN is None:
    pytest.skip("mpirun not found: apt-get install openmpi-bin libopenmpi-dev (scripts/test.sh does)", allow_module_level=True)
HAVE_MPI4PY = importlib.util.find_spec("mpi4py") is not None

WORKER = Path(__file__).with_name("env_worker.py")
HOST = socket.gethostname().split(".")[0]


def _mpirun(workdir: Path, scenario: str, bad: int, *extra: str, mpi4py: bool = False, timeout_s: int = 30):
    env = dict(
        os.environ,
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(_free_port()),
        COLLECTIVE_TIMEOUT_S=str(timeout_s),
        PYTHONUNBUFFERED="1",
        # CI runs as root; Open MPI refuses that unless told
        OMPI_ALLOW_RUN_AS_ROOT="1",
        OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
    )
    py = [sys.executable, "-m", "mpi4py"] if mpi4py else [sys.executable]
    args = [MPIRUN, "-np", "4", "--oversubscribe", "--bind-to", "none",
            "-x", "MASTER_ADDR", "-x", "MASTER_PORT", "-x", "COLLECTIVE_TIMEOUT_S", "-x", "PYTHONUNBUFFERED",
            *extra, *py, str(WORKER), scenario, str(bad)]
    out = open(workdir / "console.log", "wb")  # noqa: SIM115 - closed after the run
    # its own session, so that a run that hangs can be killed with every rank it started
    proc = subprocess.Popen(args, cwd=workdir, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    return proc, out


SCENARIOS = {
    # name: (worker scenario, bad rank, mpirun options, under mpi4py, collective timeout)
    "abort": ("crash", 2, ("--tag-output",), True, 30),
    "outfile": ("embedding", 2, ("--output-filename", "out"), False, 30),
    "sigkill": ("sigkill", 1, ("--tag-output",), False, 30),
    "hang": ("hang", 3, ("--tag-output",), False, 8),
}


def _start(base: Path, name: str, dirname: str):
    scenario, bad, extra, mpi4py, timeout_s = SCENARIOS[name]
    d = base / dirname
    d.mkdir()
    return (d, *_mpirun(d, scenario, bad, *extra, mpi4py=mpi4py, timeout_s=timeout_s))


def _finish(d: Path, proc, fh) -> bool:
    """Wait for one mpirun; False when it had not ended after 240 s (then it is killed with its ranks,
    and what it had printed and which processes were left are kept in d/hung.txt)."""
    try:
        proc.wait(timeout=240)
        return True
    except subprocess.TimeoutExpired:
        left = subprocess.run(["ps", "-o", "pid,ppid,stat,etime,args", "-g", str(proc.pid)],
                              capture_output=True, text=True).stdout
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        tail = (d / "console.log").read_text(errors="replace")[-3000:]
        (d / "hung.txt").write_text(f"processes left after 240 s:\n{left}\nconsole tail:\n{tail}")
        return False
    finally:
        fh.close()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("mpirun")
    started = {name: _start(base, name, name) for name, spec in SCENARIOS.items() if HAVE_MPI4PY or not spec[3]}
    out = {}
    for name, (d, proc, fh) in started.items():
        if not _finish(d, proc, fh):
            # Open MPI 4.1 under a loaded CI machine once left the --output-filename run hanging for
            # minutes after every rank had failed (not reproduced since); such a run is run once more
            # on its own, and a second hang fails the tests with what the first left behind.
            first = d
            d, proc, fh = _start(base, name, f"{name}-again")
            assert _finish(d, proc, fh), (first / "hung.txt").read_text() + (d / "hung.txt").read_text()
        assert proc.returncode != 0, (d / "console.log").read_text(errors="replace")[-3000:]
        out[name] = d
    # Open MPI 4 sends the MPI_ABORT banner from the aborting process to mpirun as a help message;
    # on a loaded machine mpirun can tear the job down before it arrives (seen once in CI). The
    # test compares Denpex with that banner, so a run that lost it is run again, at most twice.
    if "abort" in out:
        for attempt in range(2):
            if "abort" in mpirun_says(out["abort"] / "console.log"):
                break
            d, proc, fh = _start(base, "abort", f"abort-banner{attempt}")
            if _finish(d, proc, fh):
                out["abort"] = d
    return out


def mpirun_says(console: Path) -> dict[str, object]:
    """What mpirun's own summary names: the MPI_ABORT rank, the first process that exited non-zero,
    the rank it noticed was killed by a signal."""
    text = console.read_text(errors="replace")
    said: dict[str, object] = {}
    if m := re.search(r"MPI_ABORT was invoked on rank (\d+) in communicator MPI_COMM_WORLD", text):
        said["abort"] = int(m.group(1))
    if m := re.search(r"The first process to do so was:\s+Process name: \[\[\d+,\d+\],(\d+)\]\s+Exit code:\s+(\d+)", text):
        said["first_exit"] = int(m.group(1))
    if m := re.search(r"mpirun noticed that process rank (\d+) with PID \d+ on node (\S+) exited on signal (\d+) \((\w+)\)\.", text):
        said["signal"] = (int(m.group(1)), m.group(2), int(m.group(3)), m.group(4))
    return said


@pytest.mark.skipif(not HAVE_MPI4PY, reason="mpi4py not installed (pip install -e '.[test]' installs it)")
def test_mpi_abort_after_traceback_names_rank_2(runs):
    console = runs["abort"] / "console.log"
    assert mpirun_says(console)["abort"] == 2  # Open MPI's own banner
    assert "[1,2]<stderr>:[rank2]: RuntimeError: mat1 and mat2 shapes" in console.read_text(errors="replace")
    rep = _diagnose(console)
    p = rep["primary"]
    # the rank's own error is the diagnosis; the MPI_ABORT banner only confirms which rank stopped the job
    assert p["id"] == "torch.shape-mismatch" and p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
    assert p["host"] in (None, HOST)  # nothing in this console names the host
    aborts = [f for f in rep["findings"] if f["id"] == "mpi.abort"]
    assert aborts and all(f["rank"] == 2 for f in aborts)
    ranks = _by_rank(rep)
    assert ranks[2]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))


def test_output_filename_layout_names_rank_2(runs):
    d = runs["outfile"]
    files = sorted(p.relative_to(d / "out").as_posix() for p in (d / "out").rglob("*") if p.is_file())
    assert files == [f"1/rank.{r}/{s}" for r in range(4) for s in ("stderr", "stdout")]
    said = mpirun_says(d / "console.log")
    assert said["first_exit"] == 2
    for target in (d / "out", d / "console.log"):
        rep = _diagnose(target)
        p = rep["primary"]
        assert p["id"] == "python.unhandled-exception", (target, rep["verdict"])
        assert p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
        assert p["facts"]["exception"] == "IndexError" and p["facts"]["package"] == "torch"
        assert "rank 2" in rep["verdict"]
        ranks = _by_rank(rep)
        assert ranks[2]["role"] == "initiating"
        assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))
    # the stdout files' lines carry no prefix at all: their rank comes from the rank.N folder
    rows = _by_rank(_diagnose(d / "out"))
    assert sorted(rows) == [0, 1, 2, 3]
    assert all(rows[r]["last_progress"] and "step 4" in rows[r]["last_progress"] for r in range(4))


def test_sigkill_names_rank_1_from_mpiruns_record(runs):
    console = runs["sigkill"] / "console.log"
    said = mpirun_says(console)
    rank, node, sig, name = said["signal"]
    assert (rank, sig, name) == (1, 9, "Killed") and node.split(".")[0] == HOST
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 1 and p["host"] == node
    # a SIGKILL with no error of its own: the OOM-kill suspicion torchrun's exitcode -9 gets
    assert p["suspect"] is True or p["id"] == "system.host-oom-killed"
    assert "signal 9" in rep["verdict"] and "OOM" in rep["verdict"]
    ranks = _by_rank(rep)
    assert ranks[1]["role"] in ("suspect", "initiating")
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 2, 3))


def test_hang_names_silent_rank_3_where_mpirun_names_another(runs):
    console = runs["hang"] / "console.log"
    said = mpirun_says(console)
    # mpirun's "first process to do so" is one of the ranks that timed out waiting for rank 3
    assert said["first_exit"] in (0, 1, 2)
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 3 and p["suspect"] is True
    ranks = _by_rank(rep)
    assert ranks[3]["role"] == "suspect"
    assert all(ranks[r]["role"] == "collateral" for r in (0, 1, 2))
    assert "rank 3" in rep["verdict"]
