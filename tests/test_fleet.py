"""Fleet scan and report (issue 17) on a real Dask scheduler and two real worker processes on
loopback, started and stopped here, over a generated archive (``bench/fleet_archive.py``) with
planted recurring failures, two bad nodes and one unlucky node. One worker is killed (SIGKILL) in
the middle of the scan: every job must still be stored exactly once."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("distributed")
pytest.importorskip("xxhash")

from conftest import run_cli  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import fleet_archive  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("fleet")]

JOBS = 240


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_workers(address: str, n: int, timeout: float = 60.0) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as c:
        c.wait_for_workers(n, timeout=timeout)


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    root = tmp_path_factory.mktemp("fleet") / "archive"
    plans = fleet_archive.build(root, JOBS, rank_bytes=3000)
    return root, plans


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and two worker processes (no nanny: a killed worker stays dead)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("dask")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    procs = [subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
         "--dashboard-address", "127.0.0.1:0", "--no-show"],
        stdout=open(log / "scheduler.log", "wb"), stderr=subprocess.STDOUT, env=env,
    )]
    for name in ("w1", "w2"):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
             "--name", name, "--host", "127.0.0.1", "--no-dashboard", "--memory-limit", "0"],
            stdout=open(log / f"{name}.log", "wb"), stderr=subprocess.STDOUT, env=env,
        ))
    try:
        _wait_workers(address, 2)
        yield address, procs
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()


@pytest.fixture(scope="module")
def scanned(archive, cluster, tmp_path_factory):
    """The first scan, with worker w2 killed after a third of the results."""
    from distributed import Client

    from denpex.fleet.scan import scan

    root, plans = archive
    address, procs = cluster
    db = str(tmp_path_factory.mktemp("db") / "history.db")
    killed: dict[str, object] = {}
    workers_seen: Counter[str] = Counter()

    def on_result(summary, res, outcome):
        workers_seen[res.worker] += 1
        done = sum(summary.outcomes.values())
        # mid-scan, once both workers have returned work (small jobs travel in batches: under load
        # one worker's first batch can still be running when a third of the jobs are in)
        if not killed and done >= JOBS // 3 and (len([w for w in workers_seen if w]) == 2 or done >= 2 * JOBS // 3):
            procs[2].send_signal(signal.SIGKILL)
            killed["at"] = sum(summary.outcomes.values())

    with Client(address, timeout="30s") as client:
        summary = scan([str(root)], db=db, client=client, on_result=on_result)
    return db, summary, killed, workers_seen, plans


def _rows(db: str, sql: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_scan_survives_a_dead_worker_nothing_lost_nothing_twice(scanned, cluster):
    db, summary, killed, workers_seen, plans = scanned
    assert killed, "the worker was never killed"
    assert cluster[1][2].poll() is not None  # it is dead
    assert len([w for w in workers_seen if w]) == 2  # both worked before the kill
    assert summary.discovered == summary.submitted == JOBS
    assert summary.outcomes["error"] == 0, summary.errors
    # every job once, counted once; every planted failure saved once
    assert _rows(db, "SELECT count(*), count(DISTINCT job), sum(counted) FROM fleet_jobs")[0] == (JOBS, JOBS, JOBS)
    planted = {p.name: p for p in plans}
    assert summary.outcomes["saved"] == sum(1 for p in plans if p.failure)
    assert summary.outcomes["clean"] == sum(1 for p in plans if not p.failure)
    assert _rows(db, "SELECT count(*), count(DISTINCT input_digest) FROM incidents")[0] == (summary.outcomes["saved"],) * 2
    got = _rows(db, "SELECT j.job, i.failure_id, i.initiating_host, i.initiating_rank FROM fleet_jobs j "
                    "JOIN incidents i ON i.id = j.incident_id")
    for job, fid, host, rank in got:
        p = planted[job]
        assert (fid, host, rank) == (p.failure, p.host, p.rank), job
    # the incident's time is the job's (its newest file), not the scan's
    assert _rows(db, "SELECT min(created_at) FROM incidents")[0][0] < "2026-03-16"


def test_rescan_is_incremental(scanned, archive, cluster, tmp_path):
    from distributed import Client

    from denpex.fleet.scan import scan

    db, *_ = scanned
    root, plans = archive
    address, _ = cluster
    with Client(address, timeout="30s") as client:
        again = scan([str(root)], db=db, client=client)
        assert (again.unchanged, again.submitted) == (JOBS, 0)
        # a copy of a failed job under another name (same content) and a clean job that grew
        failed = next(p for p in plans if p.failure == "torch.cuda-oom")
        clean = next(p for p in plans if not p.failure and not p.gz)
        shutil.copytree(root / failed.name, root / "copies" / "job-copy")
        grown = next((root / clean.name).rglob("rank*.log"))
        before, st = grown.read_bytes(), grown.stat()
        with open(grown, "a") as fh:
            fh.write("2026-03-20T00:00:00.000Z [rank0]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)\n")
        try:
            third = scan([str(root)], db=db, client=client)
        finally:
            shutil.rmtree(root / "copies")
            grown.write_bytes(before)  # the archive is shared by the other tests
            os.utime(grown, (st.st_atime, st.st_mtime))
    assert third.submitted == 2 and third.unchanged == JOBS - 1
    assert third.outcomes == Counter({"duplicate": 1, "saved": 1})
    # still one counted row per job: the grown job's old row gave way to the new one
    assert _rows(db, "SELECT sum(counted), count(DISTINCT CASE WHEN counted = 1 THEN job END) FROM fleet_jobs")[0] == (JOBS, JOBS)
    assert _rows(db, f"SELECT failure_id FROM fleet_jobs WHERE counted = 1 AND job = '{clean.name}'")[0][0] == "torch.shape-mismatch"


def test_report_finds_the_bad_nodes_and_recurring_groups(scanned):
    db, *_ = scanned
    r = run_cli("fleet", "report", "--json", "--db", db)
    assert r.returncode == 0, r.stderr.decode()
    rep = json.loads(r.stdout)
    assert rep["jobs"] == JOBS
    nodes = {h["host"]: h for h in rep["nodes"]["hosts"]}
    assert sorted(rep["nodes"]["bad"]) == sorted(fleet_archive.BAD_NODES)
    assert nodes["gpu-node-07"]["test_class"] == "nvidia.xid-fallen-off-bus Xid 79"
    assert nodes["gpu-node-13"]["test_class"] == "nvidia.xid-memory Xid 48"
    assert nodes["gpu-node-07"]["gpus"] and all(g.startswith("PCI ") for g in nodes["gpu-node-07"]["gpus"])
    unlucky = nodes[fleet_archive.UNLUCKY_NODE]
    assert unlucky["classes"].get("nvidia.xid-fallen-off-bus Xid 79") == 1 and not unlucky["bad"]
    recurring = {g["failure_id"]: g for g in rep["groups"] if g["recurring"]}
    assert {"torch.cuda-oom", "torch.shape-mismatch", "python.key-error", "nvidia.xid-fallen-off-bus",
            "nvidia.xid-memory"} <= set(recurring)
    assert recurring["torch.cuda-oom"]["jobs"] >= 5
    assert sum(row["jobs"] for row in rep["rate"]["rows"]) == JOBS
    assert sum(row["failed"] for row in rep["rate"]["rows"]) == rep["failed"]
    html = run_cli("fleet", "report", "--html", "--db", db)
    assert html.returncode == 0 and b"<svg" in html.stdout and b"gpu-node-07" in html.stdout
    text = run_cli("fleet", "report", "--db", db)
    assert text.returncode == 0 and b"BAD" in text.stdout


def test_web_fleet_page(scanned, monkeypatch):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from denpex.web.server import create_app

    db, *_ = scanned
    monkeypatch.setenv("DENPEX_HISTORY_DB", db)
    with TestClient(create_app(workers=1)) as c:
        page = c.get("/fleet")
        assert page.status_code == 200 and "<svg" in page.text and "Drain: gpu-node-" in page.text
        assert sorted(c.get("/api/fleet").json()["nodes"]["bad"]) == ["gpu-node-07", "gpu-node-13"]


def test_split_job_merges_like_one_task(archive):
    """A job split by file over tasks gives the single-machine diagnosis, byte for byte."""
    import denpex
    from denpex.fleet import tasks
    from denpex.fleet.discover import discover

    root, plans = archive
    p = next(p for p in plans if p.failure == "nvidia.xid-fallen-off-bus" and p.host in fleet_archive.BAD_NODES)
    spec = next(s for s in discover([str(root)]) if s.name == p.name)
    whole = tasks.diagnose_job(spec)
    parts = [tasks.scan_part(spec, idx) for idx in tasks.split(spec, 1)]
    assert len(parts) == len(spec.files) == 4
    merged = tasks.merge_job(spec, None, *parts)
    assert merged.digest == whole.digest
    assert json.dumps(merged.doc, sort_keys=True) == json.dumps(whole.doc, sort_keys=True)
    local = denpex.diagnose([f.path for f in spec.files])
    assert (local.primary.id, local.primary.host, local.primary.rank) == (p.failure, p.host, p.rank)
    assert local.to_dict() == whole.doc


def test_fsspec_memory_filesystem(archive, tmp_path):
    """Jobs on another filesystem (fsspec's memory one here; s3:// and gs:// the same way) are read
    through fsspec, with the same digests as on disk."""
    import fsspec
    from distributed import Client

    from denpex.fleet.scan import scan

    root, plans = archive
    fs = fsspec.filesystem("memory")
    chosen = [p for p in plans if p.failure][:3] + [p for p in plans if not p.failure][:2]
    for p in chosen:
        for f in (root / p.name).rglob("*"):
            if f.is_file():
                fs.pipe(f"/fleet/{f.relative_to(root)}", f.read_bytes())
    db = str(tmp_path / "h.db")
    with Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        s = scan(["memory://fleet"], db=db, client=client)
    assert s.outcomes == Counter({"saved": 3, "clean": 2}), s.errors
    got = dict(_rows(db, "SELECT job, failure_id FROM fleet_jobs"))
    assert got == {p.name: p.failure for p in chosen}
    from denpex.fleet import tasks
    from denpex.fleet.discover import discover

    mem = {s.name: tasks.diagnose_job(s).digest for s in discover(["memory://fleet"])}
    disk = {s.name: tasks.diagnose_job(s).digest for s in discover([str(root)]) if s.name in mem}
    assert mem == disk
    fs.rm("/fleet", recursive=True)


def test_discovery_layouts(tmp_path):
    from denpex.fleet.discover import Layout, discover

    def touch(rel: str, text: str = "x\n") -> None:
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)

    touch("a/2026-03-01/job-1/gpu-node-03/rank0.log")
    touch("a/2026-03-01/job-1/gpu-node-04/rank1.log.gz")
    touch("a/2026-03-01/job-1/ckpt/model.pt")  # never read
    touch("a/tr/run-7/attempt_0/0/stderr.log")  # torchrun --log-dir
    touch("a/tr/run-7/attempt_0/1/stderr.log")
    touch("a/slurm/slurm-1234_0.out")
    touch("a/slurm/slurm-1234_1.out")
    touch("a/slurm/slurm-99.out")
    touch("a/123456/rank0.log")  # a numeric job folder stays a job
    jobs = {s.name: sorted(f.rel for f in s.files) for s in discover([str(tmp_path / "a")])}
    assert jobs == {
        "2026-03-01/job-1": ["gpu-node-03/rank0.log", "gpu-node-04/rank1.log.gz"],
        "tr/run-7": ["attempt_0/0/stderr.log", "attempt_0/1/stderr.log"],
        "slurm/slurm-1234": ["slurm-1234_0.out", "slurm-1234_1.out"],
        "slurm/slurm-99": ["slurm-99.out"],
        "123456": ["rank0.log"],
    }
    layout = tmp_path / "layout.toml"
    layout.write_text('[layout]\njob = "^(?P<job>[^/]+)/"\ninclude = ["*.log"]\n')
    jobs = {s.name: len(s.files) for s in discover([str(tmp_path / "a")], Layout.load(str(layout)))}
    assert jobs == {"2026-03-01": 1, "tr": 2, "123456": 1}
    since = time.time() + 3600
    assert discover([str(tmp_path / "a")], since=since) == []


def test_cli_scan_local_cluster(archive, tmp_path):
    """The command with its default LocalCluster: a few jobs, then nothing new on the second run."""
    root, plans = archive
    sub = tmp_path / "few"
    for p in plans[:6]:
        shutil.copytree(root / p.name, sub / p.name)
    db = str(tmp_path / "h.db")
    r = run_cli("fleet", "scan", str(sub), "--db", db, "--workers", "1", "--json", timeout=180)
    assert r.returncode == 0, r.stderr.decode()[-2000:]
    s = json.loads(r.stdout)
    assert s["submitted"] == 6 and sum(s["outcomes"].values()) == 6
    assert b"Dask dashboard: http" in r.stderr
    r = run_cli("fleet", "scan", str(sub), "--db", db, "--json", timeout=180)
    assert json.loads(r.stdout)["unchanged"] == 6


def test_small_jobs_travel_in_batches_large_ones_alone() -> None:
    from denpex.fleet.discover import FileRef, JobSpec
    from denpex.fleet.scan import BATCH_BYTES, _batches

    def job(i: int, size: int) -> JobSpec:
        return JobSpec(name=f"j{i}", root="/r", protocol="file", files=[FileRef(path=f"/r/j{i}/rank0.log", rel="rank0.log", size=size, mtime=0.0)], listing=f"l{i}")

    specs = [job(0, BATCH_BYTES * 2)] + [job(i, 100_000) for i in range(1, 401)]
    batches = _batches(specs, split_bytes=512 << 20, workers=2)
    assert batches[0] == [specs[0]]  # a large job is a task of its own
    small = batches[1:]
    assert sum(len(b) for b in small) == 400 and len(small) >= 8  # enough tasks for 2 workers to share
    assert all(len(b) > 1 for b in small)
    assert [s.name for b in batches for s in b] == [s.name for s in specs]  # order kept, nothing lost


def test_a_second_scan_into_the_same_store_is_refused_while_one_runs(archive, tmp_path):
    """Two scans into one store would read the same jobs and race on their rows: the second is
    refused at once with a clear message (the lock dies with its process)."""
    from denpex.history.store import Store

    root, plans = archive
    sub = tmp_path / "one"
    shutil.copytree(root / plans[0].name, sub / plans[0].name)
    db = str(tmp_path / "h.db")
    with Store(db) as store, store.db.exclusive("fleet scan"):
        r = run_cli("fleet", "scan", str(sub), "--db", db, "--workers", "1", timeout=180)
        assert r.returncode != 0
        assert b"another fleet scan is writing to this history database" in r.stderr
    r = run_cli("fleet", "scan", str(sub), "--db", db, "--workers", "1", "--json", timeout=180)
    assert r.returncode == 0 and json.loads(r.stdout)["submitted"] == 1
