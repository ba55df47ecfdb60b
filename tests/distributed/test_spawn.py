"""Real torch.multiprocessing.spawn runs on CPU (gloo), a failure injected on one process.

mp.spawn prints every process's output unprefixed into one console; the parent then re-raises the
first failure it saw: ProcessRaisedException with "-- Process N terminated with the following
error:" over the child's own traceback, or ProcessExitedException "process N terminated with exit
code C" / "with signal SIGX" when the child died without one. The process index is the rank here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from launch_helpers import by_rank as _by_rank
from launch_helpers import diagnose as _diagnose
from launch_helpers import free_port as _free_port

pytest.importorskip("torch")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("spawn")]

WORKER = Path(__file__).with_name("spawn_worker.py")
RUNS = {"crash": 2, "keyerror": 1, "exit": 3, "sigkill": 2}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("spawn")
    env = dict(os.environ, PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    out = {}
    for scenario, bad in RUNS.items():
        console = base / f"{scenario}.log"
        with open(console, "wb") as fh:
            rc = subprocess.run([sys.executable, str(WORKER), scenario, str(bad), str(_free_port())], stdout=fh,
                                stderr=subprocess.STDOUT, env=env, timeout=180, check=False).returncode
        assert rc != 0, console.read_text(errors="replace")[-3000:]
        out[scenario] = console
    return out


@pytest.mark.parametrize(("scenario", "eid", "exc"), [("crash", "torch.shape-mismatch", None), ("keyerror", "python.key-error", "KeyError")])
def test_child_traceback_names_the_process(runs, scenario, eid, exc):
    """The child's own exception, printed under "-- Process N terminated with the following error:",
    is the root, on the process spawn names; spawn's re-raise in the parent is collateral."""
    console = runs[scenario]
    bad = RUNS[scenario]
    assert f"-- Process {bad} terminated with the following error:" in console.read_text(errors="replace")
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["id"] == eid and p["rank"] == bad and p["role"] == "root" and not p["suspect"], rep["verdict"]
    if exc:
        assert p["facts"]["exception"] == exc and p["facts"]["user_frame"].startswith("spawn_worker.py:")
    spawn = next(f for f in rep["findings"] if f["id"] == "dist.child-failed-summary")
    assert spawn["role"] == "collateral" and spawn["signature"] == "mp-spawn-raised"
    assert spawn["facts"]["launcher"] == "torch.multiprocessing.spawn" and spawn["facts"]["root_rank"] == bad
    assert f"rank {bad}" in rep["verdict"]
    ranks = _by_rank(rep)
    assert ranks[bad]["role"] == "initiating"
    assert not any(r["role"] == "suspect" for r in rep["ranks"])


def test_exit_without_traceback_names_the_process(runs):
    """A process that exits with a status and prints nothing: spawn's record is the only statement,
    so its process is the suspect, and the report says spawn (not torchrun) named it."""
    rep = _diagnose(runs["exit"])
    p = rep["primary"]
    assert p["id"] == "dist.child-failed-summary" and p["signature"] == "mp-spawn-exited"
    assert p["facts"]["exitcode"] == 3 and p["facts"]["failed_local_rank"] == 3
    assert p["message"] == "torch.multiprocessing.spawn: process 3 exited with code 3 first"
    assert "torch.multiprocessing.spawn" in rep["verdict"] and "torchrun" not in rep["verdict"]
    assert next(r for r in rep["ranks"] if r["rank"] == 3)["role"] == "suspect"


def test_sigkill_names_the_process(runs):
    rep = _diagnose(runs["sigkill"])
    p = rep["primary"]
    assert p["rank"] == 2 and p["facts"].get("failed_local_rank") == 2, rep["verdict"]
    assert "SIGKILL" in p["evidence"][0]["text"] and "rank 2" in rep["verdict"]
