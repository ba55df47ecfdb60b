"""Real `deepspeed` launcher runs on CPU (gloo), a failure injected on one rank.

The DeepSpeed launcher (deepspeed.launcher.runner -> launch.py) starts one process per "GPU" with
RANK/LOCAL_RANK in the environment (and --local_rank=N on the command line unless --no_local_rank);
when one exits non-zero it kills the others ("Killing subprocess PID") and prints
"[...command...] exits with return code = N". That command is its LAST process's whichever one
failed, and the code is that of the first process it found ended: the launcher's record names no
rank, so the report must find it from the workers' own lines.
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
pytest.importorskip("deepspeed")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("deepspeed")]

WORKER = Path(__file__).with_name("worker.py")
DEEPSPEED = Path(sys.executable).with_name("deepspeed")
RUNS = [  # name, scenario, failing rank, pass --local_rank
    ("keyerror", "keyerror", 2, True),
    ("crash", "crash", 1, False),
    ("sigkill", "sigkill", 1, False),
]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("deepspeed")
    env = dict(os.environ, DS_ACCELERATOR="cpu", COLLECTIVE_TIMEOUT_S="8", PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    out = {}
    for name, scenario, bad, local_rank_arg in RUNS:
        console = base / f"{name}.log"
        flags = [] if local_rank_arg else ["--no_local_rank"]
        with open(console, "wb") as fh:
            rc = subprocess.run([str(DEEPSPEED), *flags, "--num_gpus", "4", "--master_port", str(_free_port()), str(WORKER), scenario, str(bad)],
                                stdout=fh, stderr=subprocess.STDOUT, env=env, timeout=240, check=False).returncode
        text = console.read_text(errors="replace")
        assert rc != 0 and "exits with return code = " in text, text[-3000:]
        out[name] = console
    return out


@pytest.mark.parametrize(("name", "eid"), [("keyerror", "python.key-error"), ("crash", "torch.shape-mismatch")])
def test_worker_error_names_its_rank_not_the_launchers_last_process(runs, name, eid):
    bad = next(r[2] for r in RUNS if r[0] == name)
    rep = _diagnose(runs[name])
    p = rep["primary"]
    assert p["id"] == eid and p["rank"] == bad and p["role"] == "root" and not p["suspect"], rep["verdict"]
    ds = next(f for f in rep["findings"] if f["id"] == "deepspeed.launcher-rank-exited")
    assert ds["role"] == "collateral" and ds["facts"]["exitcode"] == 1
    if name == "keyerror":  # the printed command is the last process's (--local_rank=3), not the failed one
        assert ds["facts"]["last_local_rank"] == 3 and "failed_local_rank" not in ds["facts"]
    ranks = _by_rank(rep)
    assert ranks[bad]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in range(4) if r != bad)
    assert not any(r["role"] == "suspect" for r in rep["ranks"])


def test_killed_rank_is_the_silent_one(runs):
    """Rank 1 is SIGKILLed: it prints nothing; the others lose their connection to it. The launcher's
    line carries another process's code, so the rank that stopped without a word is the suspect."""
    rep = _diagnose(runs["sigkill"])
    ranks = _by_rank(rep)
    assert ranks[1]["role"] == "suspect", rep["verdict"]
    assert all(ranks[r]["role"] == "collateral" for r in (0, 2, 3))
    assert "rank 1" in rep["verdict"]
