"""Fleet scan throughput (issue 17): a generated archive of job folders (``bench/fleet_archive.py``,
reused between runs), scanned by ``denpex fleet scan`` on a LocalCluster of 1 and 2 worker
processes, against the single-process ``denpex diagnose`` of the same archive (one command over it
all, and one diagnosis per job folder in one process), and an estimate of scaling to 100 workers
from the measured per-task cost, the scheduler's per-task overhead and the client's store writes.

    .venv/bin/python bench/fleet.py [--jobs 2000] [--rank-kb 128] [--dir /tmp/denpex-fleet-bench]

The issue asked for ~20 GB; this machine (2 shared cores, its disk shared with others) gets the
same 2,000 jobs at a smaller size per rank file by default (--rank-kb sets it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import fleet_archive  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def du(root: Path) -> int:
    return sum(f.stat().st_size for f in root.rglob("*") if f.is_file())


def fleet_run(archive: Path, workers: int, db: Path) -> dict:
    from denpex.fleet.scan import scan

    db.unlink(missing_ok=True)
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    per_task: list[float] = []
    record_s: list[float] = []
    last = [time.perf_counter()]
    started: dict[str, float] = {}

    def on_start(summary, total):
        started["t"] = time.perf_counter()
        last[0] = started["t"]

    def on_result(summary, res, outcome):
        per_task.append(res.seconds)

    t0 = time.perf_counter()
    s = scan([str(archive)], db=str(db), workers=workers, on_start=on_start, on_result=on_result)
    wall = time.perf_counter() - t0
    # the client's cost per stored result (Store.save for failed jobs, one upsert for clean ones)
    from denpex.fleet.ledger import Ledger
    from denpex.fleet.tasks import JobResult
    from denpex.history.store import Store

    with Store(str(db)) as store:
        led = Ledger(store)
        for i in range(50):
            r = JobResult(f"bench-{i}", f"bench/{i}", "bench", 4, 1, 1.7e9, digest=f"bench-{i}", status="clean")
            t = time.perf_counter()
            led.record(r)
            record_s.append(time.perf_counter() - t)
    return {
        "workers": workers, "wall_s": round(wall, 2), "scan_s": round(time.perf_counter() - started.get("t", t0), 2),
        "startup_s": round(started.get("t", t0) - t0, 2), "outcomes": dict(s.outcomes), "bytes": s.bytes,
        "mb_per_s": round(s.bytes / 1e6 / wall, 1), "jobs_per_s": round(s.submitted / wall, 1),
        "task_median_s": round(statistics.median(per_task), 4), "task_sum_s": round(sum(per_task), 1),
        "record_median_ms": round(statistics.median(record_s) * 1000, 2),
    }


def diagnose_whole(archive: Path, jobs: int | None = 1) -> dict:
    """One ``denpex diagnose`` over the whole archive: -j 1, or its default process pool (jobs=None)."""
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "denpex", "diagnose", str(archive), "--json", "--no-history"]
    if jobs is not None:
        cmd += ["-j", str(jobs)]
    r = subprocess.run(cmd, capture_output=True, timeout=3600)
    return {"wall_s": round(time.perf_counter() - t0, 2), "exit": r.returncode, "jobs": jobs or os.cpu_count()}


def diagnose_per_job(archive: Path) -> dict:
    import denpex
    from denpex.fleet.discover import discover

    specs = discover([str(archive)])
    t0 = time.perf_counter()
    for s in specs:
        denpex.diagnose([f.path for f in s.files])
    return {"wall_s": round(time.perf_counter() - t0, 2), "jobs": len(specs)}


def scheduler_overhead(n: int = 2000) -> dict:
    """Per-task cost of Dask itself here: n empty tasks through a 2-worker LocalCluster."""
    from distributed import Client, LocalCluster, as_completed

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, Client(c) as cl:
        cl.submit(int, 0).result()
        t0 = time.perf_counter()
        futs = [cl.submit(int, i, pure=False) for i in range(n)]
        for _ in as_completed(futs):
            pass
        dt = time.perf_counter() - t0
    return {"tasks": n, "seconds": round(dt, 2), "ms_per_task": round(dt / n * 1000, 3)}


def estimate(one: dict, sched: dict, jobs: int, workers: int = 100) -> dict:
    """Wall time at ``workers`` workers: the tasks' work divided among them, bounded below by the
    scheduler's per-task overhead and the client's per-result store write (both serial)."""
    work = one["task_sum_s"]
    parallel = work / workers
    scheduler = jobs * sched["ms_per_task"] / 1000
    client = jobs * one["record_median_ms"] / 1000
    wall = max(parallel, scheduler, client) + one["startup_s"]
    bound = max((("task work / workers", parallel), ("scheduler", scheduler), ("client store writes", client)), key=lambda kv: kv[1])[0]
    return {"workers": workers, "est_wall_s": round(wall, 1), "speedup_vs_1": round(one["wall_s"] / wall, 1), "bound_by": bound,
            "parallel_s": round(parallel, 2), "scheduler_s": round(scheduler, 2), "client_s": round(client, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2000)
    ap.add_argument("--rank-kb", type=int, default=128)
    ap.add_argument("--dir", default="/tmp/denpex-fleet-bench")
    ap.add_argument("--skip-whole", action="store_true", help="skip the one-command diagnose of the whole archive")
    a = ap.parse_args()
    base = Path(a.dir)
    archive = base / f"archive-{a.jobs}-{a.rank_kb}k"
    t0 = time.perf_counter()
    fleet_archive.build(archive, a.jobs, rank_bytes=a.rank_kb * 1024)
    out: dict = {"jobs": a.jobs, "rank_kb": a.rank_kb, "archive_bytes": du(archive), "generate_s": round(time.perf_counter() - t0, 1),
                 "cores": os.cpu_count()}
    print(json.dumps(out), flush=True)
    out["per_job_diagnose_1proc"] = diagnose_per_job(archive)
    print(json.dumps(out["per_job_diagnose_1proc"]), flush=True)
    if not a.skip_whole:
        out["diagnose_whole_j1"] = diagnose_whole(archive)
        print(json.dumps(out["diagnose_whole_j1"]), flush=True)
        out["diagnose_whole_default"] = diagnose_whole(archive, None)
        print(json.dumps(out["diagnose_whole_default"]), flush=True)
    for w in (1, 2):
        out[f"fleet_{w}"] = fleet_run(archive, w, base / f"history-{w}.db")
        print(json.dumps(out[f"fleet_{w}"]), flush=True)
    out["scheduler"] = sched = scheduler_overhead()
    out["estimate_100"] = estimate(out["fleet_1"], sched, a.jobs)
    print(json.dumps(out, indent=2))
    (ROOT / "bench" / "out").mkdir(exist_ok=True)
    (ROOT / "bench" / "out" / "fleet.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
