"""Real multi-process runs: torchrun with the gloo backend on CPU, a failure injected on one rank.

Each scenario runs once per session (module fixture); the assertions check that Denpex names
the initiating rank and failure class and marks the other ranks' errors collateral.
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

torch = pytest.importorskip("torch")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("torchrun")]

WORKER = Path(__file__).with_name("worker.py")
TORCHRUN = Path(sys.executable).with_name("torchrun")


def _torchrun(workdir: Path, scenario: str, bad: int, *extra: str, nnodes: int = 1, node_rank: int = 0,
              port: int | None = None, nproc: int = 4, background: bool = False, env_extra: dict | None = None):
    args = [str(TORCHRUN), "--nproc-per-node", str(nproc)]
    if nnodes > 1:
        args += ["--nnodes", str(nnodes), "--node-rank", str(node_rank), "--master-addr", "127.0.0.1", "--master-port", str(port)]
    else:
        args += ["--master-port", str(port or _free_port())]
    args += [*extra, str(WORKER), scenario, str(bad)]
    env = {**os.environ, "COLLECTIVE_TIMEOUT_S": "8", "PYTHONUNBUFFERED": "1", **(env_extra or {})}
    out = open(workdir / "console.log", "wb")
    proc = subprocess.Popen(args, cwd=workdir, stdout=out, stderr=subprocess.STDOUT, env=env)
    if background:
        return proc
    proc.wait(timeout=180)
    out.close()
    return proc


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("torchrun")
    out = {}
    for name, scenario, bad, extra in [
        ("crash", "crash", 2, ()),
        ("sigkill", "sigkill", 1, ()),
        ("hang", "hang", 3, ()),
        ("tee", "crash", 1, ("--tee", "3", "--log-dir", "logs")),
    ]:
        d = base / name
        d.mkdir()
        proc = _torchrun(d, scenario, bad, *extra)
        assert proc.returncode != 0
        out[name] = d
    return out


def test_crash_names_rank_2_and_marks_others_collateral(runs):
    rep = _diagnose(runs["crash"] / "console.log")
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch"
    assert p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
    assert "8x12" in p["evidence"][0]["text"]
    others = [f for f in rep["findings"] if f["rank"] not in (2, None)]
    assert all(f["role"] == "collateral" for f in others)
    # the peers' resets (when they got to print them) and torchrun's teardown are collateral
    assert {f["id"] for f in rep["findings"] if f["role"] == "collateral"} & {"dist.peer-connection-lost", "dist.worker-sigterm"}
    ranks = _by_rank(rep)
    assert ranks[2]["role"] == "initiating"
    # torchrun's SIGTERM can beat a peer's own error message: such a rank is silent, never a culprit
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))


def test_sigkill_names_rank_1(runs):
    rep = _diagnose(runs["sigkill"] / "console.log")
    p = rep["primary"]
    assert p["rank"] == 1
    assert p["id"] in ("system.host-oom-killed", "dist.child-failed-summary")
    ranks = _by_rank(rep)
    assert ranks[1]["role"] in ("initiating", "suspect")
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 2, 3))


def test_hang_names_silent_rank_3_as_suspect(runs):
    rep = _diagnose(runs["hang"] / "console.log")
    p = rep["primary"]
    assert p["rank"] == 3 and p["suspect"] is True
    assert p["role"] == "collateral"
    ranks = _by_rank(rep)
    assert ranks[3]["role"] == "suspect"
    assert {ranks[r]["first_failure"] for r in (0, 1, 2)} == {"dist.peer-connection-lost"}
    assert "rank 3" in rep["verdict"]


def test_tee_log_dir_layout(runs):
    d = runs["tee"]
    logs = sorted((d / "logs").rglob("stderr.log"))
    assert len(logs) == 4 and all("attempt_0" in str(p) for p in logs)
    rep = _diagnose(d / "logs")  # the per-rank files, no console
    assert rep["primary"]["id"] == "torch.shape-mismatch" and rep["primary"]["rank"] == 1
    rep2 = _diagnose(d / "console.log")  # the [defaultN]: tee'd console
    assert rep2["primary"]["rank"] == 1
    assert len(rep2["ranks"]) == 4


def test_two_simulated_hosts(tmp_path):
    """Two torchrun agents (--nnodes 2) on loopback, each logging into its own node folder."""
    port = _free_port()
    procs = []
    for node in (0, 1):
        d = tmp_path / f"node-{node}"
        d.mkdir()
        procs.append(_torchrun(d, "crash", 3, "--tee", "3", "--log-dir", "logs", nnodes=2, node_rank=node,
                               port=port, nproc=2, background=True))
    for p in procs:
        p.wait(timeout=180)
    rep = _diagnose(tmp_path)
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch" and p["rank"] == 3
    assert p["host"] == "node-1"
    hosts = {f["host"] for f in rep["findings"] if f["host"]}
    assert {"node-0", "node-1"} <= hosts


def test_timeline_image(runs, tmp_path):
    png = tmp_path / "t.png"
    svg = tmp_path / "t.svg"
    r = subprocess.run([sys.executable, "-m", "denpex", "timeline", str(runs["crash"] / "console.log"),
                        "--png", str(png), "--svg", str(svg)], capture_output=True, timeout=120)
    assert r.returncode == 1, r.stderr.decode()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    assert b"<svg" in svg.read_bytes()
    out = r.stdout.decode()
    assert "rank 2" in out and "initiating" in out


# --- exceptions no knowledge-base entry names (issue: never miss the failure) ------------------

# scenario: (exception, message, raising package, the entry that names it: the engine's own
# python.unhandled-exception when none does; a named one carries the same traceback facts)
UNKNOWN = {
    "embedding": ("IndexError", "index out of range in self", "torch", "python.unhandled-exception"),
    "keyerror": ("KeyError", "'labels'", None, "python.key-error"),
    "nofile": ("FileNotFoundError", "No such file or directory", None, "python.file-not-found"),
}


@pytest.fixture(scope="module")
def unknown_runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("torchrun-unknown")
    out = {}
    for scenario in UNKNOWN:
        d = base / scenario
        d.mkdir()
        proc = _torchrun(d, scenario, 2, "--tee", "3", "--log-dir", "logs")
        assert proc.returncode != 0
        out[scenario] = d
    return out


def _torchrun_root_cause(console: Path) -> int:
    """The rank torchrun's own ChildFailedError summary names under "Root Cause (first observed failure)"."""
    text = console.read_text(errors="replace")
    tail = text.split("Root Cause (first observed failure):", 1)[1]
    return int(tail.split("rank      :", 1)[1].split("(", 1)[0])


@pytest.mark.parametrize("scenario", sorted(UNKNOWN))
def test_unknown_exception_on_one_rank_starts_the_incident(unknown_runs, scenario):
    """One rank raises an exception no entry knows while the others block in all_reduce: the report
    names that rank and that exception (never a silent rank as suspect), the others are collateral,
    whether torchrun's own Root Cause record agrees or not (it is racy under load) - from the console
    and from --log-dir."""
    exc, msg, pkg, eid = UNKNOWN[scenario]
    d = unknown_runs[scenario]
    # torchrun's summary names the first exit its monitor polls: under load a peer that aborted on the
    # lost connection can be polled first (seen in CI with accelerate), so only its presence is asserted
    assert _torchrun_root_cause(d / "console.log") in range(4)
    for target in (d / "console.log", d / "logs"):
        rep = _diagnose(target)
        p = rep["primary"]
        assert p["id"] == eid, (target, rep["verdict"])
        assert p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
        assert p["facts"]["exception"] == exc and msg in p["facts"]["message"]
        assert p["facts"]["user_frame"].startswith("worker.py:")
        if pkg:
            assert p["facts"]["package"] == pkg and p["facts"]["library_code"] is True
        assert exc in rep["verdict"] and "rank 2" in rep["verdict"]
        ranks = _by_rank(rep)
        assert ranks[2]["role"] == "initiating"
        assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))
        assert not any(r["role"] == "suspect" for r in rep["ranks"])
        others = [f for f in rep["findings"] if f is not p and f["id"] not in ("python.unhandled-exception", eid)]
        assert others and all(f["role"] == "collateral" for f in others)


def test_collective_mismatch_names_the_odd_rank_not_the_first_message(tmp_path):
    """Under TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports the mismatch, each against some other
    rank. The rank whose shape differs from the majority's is the one that diverged - also when
    another rank's message comes first and torchrun's summary is not in the excerpt."""
    # a collective timeout long enough for every rank to reach the mismatched collective on a loaded
    # machine (with 8 s a slow-starting rank could turn the check into a plain timeout)
    proc = _torchrun(tmp_path, "mismatch", 1, env_extra={"TORCH_DISTRIBUTED_DEBUG": "DETAIL", "COLLECTIVE_TIMEOUT_S": "60"})
    assert proc.returncode != 0
    lines = (tmp_path / "console.log").read_text(errors="replace").splitlines()
    reports = [ln for ln in lines if "Detected mismatch between collectives" in ln]
    assert len(reports) >= 3
    rep = _diagnose(tmp_path / "console.log")
    assert rep["primary"]["id"] == "dist.collective-mismatch" and rep["primary"]["rank"] == 1
    others_first = sorted(reports, key=lambda ln: ln.startswith("[rank1]"))  # rank 1's own report last
    (tmp_path / "excerpt.log").write_text("\n".join(others_first) + "\n")
    rep = _diagnose(tmp_path / "excerpt.log")
    assert rep["primary"]["id"] == "dist.collective-mismatch" and rep["primary"]["rank"] == 1
    assert "diverged" in rep["primary"]["explanation"]


def test_late_rank_without_a_launcher_is_the_initiator(tmp_path):
    """Four processes started by hand (no launcher tears anyone down), each writing its own file:
    rank 3 stalls while loading a shard, the others time out in all_reduce, and rank 3 raises its own
    error seconds after their timeouts. Rank 3 started it, although its error is stamped last."""
    port = _free_port()
    procs = []
    for r in range(4):
        env = dict(os.environ, RANK=str(r), LOCAL_RANK=str(r), WORLD_SIZE="4", MASTER_ADDR="127.0.0.1",
                   MASTER_PORT=str(port), COLLECTIVE_TIMEOUT_S="6", PYTHONUNBUFFERED="1")
        out = open(tmp_path / f"rank-{r}.log", "wb")  # noqa: SIM115 - closed after the wait below
        procs.append((subprocess.Popen([sys.executable, str(WORKER), "late", "3"], stdout=out, stderr=subprocess.STDOUT,
                                       env=env), out))
    for p, out in procs:
        p.wait(timeout=120)
        out.close()
    assert all(p.returncode != 0 for p, _ in procs)
    rep = _diagnose(tmp_path)
    p = rep["primary"]
    assert p["rank"] == 3 and p["role"] == "root", rep["verdict"]
    assert p["id"] == "python.unhandled-exception" and "read timed out" in p["facts"]["message"]
    ranks = _by_rank(rep)
    assert ranks[3]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 2))


def test_late_rank_under_torchrun_beats_torchruns_root_cause(tmp_path):
    """Rank 3 stalls loading a shard; the others' gloo collectives time out and torchrun tears rank 3
    down before it can raise. torchrun's Root Cause names the first rank that exited (not 3); the
    report names rank 3 as the suspect, shown with its own last line."""
    proc = _torchrun(tmp_path, "late", 3)
    assert proc.returncode != 0
    console = tmp_path / "console.log"
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 3, rep["verdict"]
    if p["suspect"]:
        assert any("loading next shard" in e["text"] for e in p["evidence"])
        assert _by_rank(rep)[3]["role"] == "suspect" and _by_rank(rep)[3]["first_failure"] is None
    launcher = _torchrun_root_cause(console)
    print(f"torchrun Root Cause: rank {launcher}; denpex: rank {p['rank']}; truth: rank 3")


def test_deprecated_torch_distributed_launch(tmp_path):
    """The deprecated ``python -m torch.distributed.launch`` (still in older repositories' scripts): it
    passes ``--local-rank=N`` to the script and prints its FutureWarning first; rank 2's shape error is
    named as under torchrun, and the warning is not a failure."""
    args = [sys.executable, "-m", "torch.distributed.launch", "--nproc_per_node", "4", "--master_port", str(_free_port()),
            str(WORKER), "crash", "2"]
    env = {**os.environ, "COLLECTIVE_TIMEOUT_S": "8", "PYTHONUNBUFFERED": "1"}
    with open(tmp_path / "console.log", "wb") as out:
        proc = subprocess.run(args, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT, env=env, timeout=180, check=False)
    assert proc.returncode != 0
    text = (tmp_path / "console.log").read_text(errors="replace")
    assert "torch.distributed.launch is deprecated" in text
    assert _torchrun_root_cause(tmp_path / "console.log") in range(4)  # racy under load, as above
    rep = _diagnose(tmp_path / "console.log")
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch" and p["rank"] == 2 and p["role"] == "root" and not p["suspect"]
    ranks = _by_rank(rep)
    assert ranks[2]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 3))
    assert not any(f["id"].startswith("python.deprecat") or "FutureWarning" in f["evidence"][0]["text"] for f in rep["findings"])
