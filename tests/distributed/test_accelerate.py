"""Real `accelerate launch` runs on CPU (gloo), a failure injected on one rank.

`accelerate launch --multi_gpu --num_processes 4` on a machine without GPUs starts four CPU processes
through torchrun, which accelerate runs in-process (its multi_gpu_launcher); the run ends with torchrun's
ChildFailedError summary raised through accelerate's own traceback. `accelerate launch --cpu` runs the
script as one child process (simple_launcher) and reports its end as a CalledProcessError. Each run
lasts a few seconds; the module runs them once (module fixture).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from launch_helpers import by_rank as _by_rank
from launch_helpers import diagnose as _diagnose
from launch_helpers import free_port as _free_port

pytest.importorskip("torch")
pytest.importorskip("accelerate")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("accelerate")]

WORKER = Path(__file__).with_name("accelerate_worker.py")
ACCELERATE = Path(sys.executable).with_name("accelerate")
# every flag given, so accelerate does not look for a config file or print its defaults warning
COMMON = ["--num_machines", "1", "--mixed_precision", "no", "--dynamo_backend", "no"]


def _launch(workdir: Path, scenario: str, bad: int, multi: bool = True) -> int:
    mode = ["--multi_gpu", "--num_processes", "4", "--main_process_port", str(_free_port())] if multi else ["--cpu", "--num_processes", "1"]
    if scenario == "hang":
        # the three waiting peers time out together; with torchrun's default 0.1 s monitor interval a
        # loaded machine can SIGTERM one of them before it prints its timeout, leaving two silent ranks
        # that no log could tell apart. A 3 s interval lets every peer print what it saw.
        mode += ["--monitor_interval", "3"]
    env = dict(os.environ, COLLECTIVE_TIMEOUT_S="8", PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    env.pop("WORLD_SIZE", None)
    with open(workdir / "console.log", "wb") as out:
        proc = subprocess.run([str(ACCELERATE), "launch", *mode, *COMMON, str(WORKER), scenario, str(bad)],
                              cwd=workdir, stdout=out, stderr=subprocess.STDOUT, env=env, timeout=180, check=False)
    return proc.returncode


RUNS = [  # name, scenario, failing rank, multi-process
    ("crash", "crash", 2, True),
    ("keyerror", "keyerror", 1, True),
    ("sigkill", "sigkill", 3, True),
    ("hang", "hang", 1, True),
    ("single-crash", "crash", 0, False),
    ("single-sigkill", "sigkill", 0, False),
]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("accelerate")
    out = {}
    for name, scenario, bad, multi in RUNS:
        d = base / name
        d.mkdir()
        assert _launch(d, scenario, bad, multi) != 0, (d / "console.log").read_text(errors="replace")[-3000:]
        out[name] = d / "console.log"
    return out


def _root_cause(console: Path) -> int | None:
    """The rank torchrun's summary (printed through accelerate) names as the first observed failure."""
    text = console.read_text(errors="replace")
    if "Root Cause (first observed failure):" not in text:
        return None
    tail = text.split("Root Cause (first observed failure):", 1)[1]
    return int(tail.split("rank      :", 1)[1].split("(", 1)[0])


def test_known_error_on_rank_2(runs):
    console = runs["crash"]
    # torchrun's monitor records the first exit it polls: on a loaded machine a neighbour that aborts on
    # the lost gloo connection (rank 1) can be polled before rank 2 (seen in a CI run under load): the
    # summary then names the wrong rank, and the report below must still name rank 2
    assert _root_cause(console) is not None
    assert "in multi_gpu_launcher" in console.read_text()  # accelerate's traceback around torchrun's summary
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch" and p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
    assert p["host"] == "localhost"  # the host torchrun's summary names for the rank
    assert "8x12" in p["evidence"][0]["text"]
    ranks = _by_rank(rep)
    assert ranks[2]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))


def test_unknown_exception_on_rank_1(runs):
    console = runs["keyerror"]
    # as above: under load torchrun's summary can name a neighbour that aborted on the lost connection
    # first (seen in a CI run: it named rank 0); the report must still name rank 1
    assert _root_cause(console) is not None
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["id"] == "python.key-error" and p["rank"] == 1 and p["role"] == "root"
    assert p["facts"]["exception"] == "KeyError" and "'labels'" in p["facts"]["message"]
    assert p["facts"]["user_frame"].startswith("accelerate_worker.py:")
    assert "KeyError" in rep["verdict"] and "rank 1" in rep["verdict"]
    assert not any(r["role"] == "suspect" for r in rep["ranks"])


def test_sigkill_on_rank_3(runs):
    console = runs["sigkill"]
    # as above: the summary may name a peer that exited on the lost connection before rank 3 was polled
    assert _root_cause(console) is not None
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 3 and p["host"] == "localhost"
    assert p["id"] in ("system.host-oom-killed", "dist.child-failed-summary")
    assert _by_rank(rep)[3]["role"] in ("initiating", "suspect")


def test_stalled_rank_1_is_the_suspect(runs):
    """Rank 1 sleeps at step 5; the others time out in all_reduce. torchrun's summary names whichever
    rank exited first (one of the peers that timed out), not the stalled one."""
    console = runs["hang"]
    rep = _diagnose(console)
    p = rep["primary"]
    # (flaky once in CI under load - rank 0 named - and never reproduced quietly: keep what it saw)
    seen = f"{rep['verdict']}\nranks: {rep.get('ranks')}\n--- console tail ---\n{console.read_text(errors='replace')[-4000:]}"
    assert p["rank"] == 1 and p["suspect"] is True and p["role"] == "collateral", seen
    assert _by_rank(rep)[1]["role"] == "suspect"
    assert "rank 1" in rep["verdict"]


def test_single_process_cpu_launch(runs):
    """`accelerate launch --cpu`: one child, accelerate re-raises its exit as CalledProcessError chained
    to a RuntimeError carrying the child's stderr; the child's own error is the diagnosis."""
    text = runs["single-crash"].read_text()
    assert "returned non-zero exit status 1" in text and "in simple_launcher" in text
    rep = _diagnose(runs["single-crash"])
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch" and p["role"] == "root"
    # the RuntimeError carrying a copy of the child's traceback is no failure of its own
    assert not any(f["id"] == "python.unhandled-exception" for f in rep["findings"]), rep["verdict"]
    assert all(f["role"] != "root" for f in rep["findings"] if f["id"] != "torch.shape-mismatch")
    launch = next(f for f in rep["findings"] if f["id"] == "accelerate.launch-failed")
    assert launch["role"] == "collateral" and launch["facts"]["exit_status"] == 1


def test_single_process_sigkill(runs):
    """The child is SIGKILLed: it prints nothing; accelerate's report ("died with <Signals.SIGKILL: 9>",
    chained to an empty RuntimeError) is all there is, and that empty RuntimeError is not a failure."""
    text = runs["single-sigkill"].read_text()
    assert re.search(r"died with <Signals\.SIGKILL: 9>", text)
    rep = _diagnose(runs["single-sigkill"])
    assert not any(f["id"] == "python.unhandled-exception" for f in rep["findings"]), rep["verdict"]
    launch = next(f for f in rep["findings"] if f["id"] == "accelerate.launch-failed")
    assert launch["facts"]["signal_name"] == "SIGKILL"
    assert rep["primary"]["id"] in ("accelerate.launch-failed", "system.host-oom-killed")
