"""``denpex fleet scan``: the client side. Discovers the jobs, leaves out the ones read before,
submits them to Dask (a large job: one task per part of its files and a merge task; small jobs
in batches, so that the scheduler's per-task cost does not exceed the work), and stores each
result as it arrives.

Worker death: the scheduler runs the tasks of a worker that died again elsewhere (up to its
``allowed-failures``); a task that raised is retried ``retries`` times. Nothing is lost because
only the client writes, after a result has arrived, and nothing is counted twice because the
ledger keys every job by its content digest (``ledger.py``). A job whose tasks still failed is
recorded as an error and read again by the next scan.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .discover import JobSpec, Layout, discover
from .tasks import Known, diagnose_job, diagnose_jobs, merge_job, scan_part, split, warm

SPLIT_BYTES = 512 << 20  # jobs larger than this are split by file into parts of about this size
BATCH_BYTES = 32 << 20  # jobs smaller than this travel together, up to this many bytes a task ...
BATCH_JOBS = 64  # ... and this many jobs


@dataclass
class ScanSummary:
    discovered: int = 0
    unchanged: int = 0  # skipped: their listing was read before
    submitted: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)  # saved, clean, empty, duplicate, error
    bytes: int = 0
    seconds: float = 0.0
    split_jobs: int = 0
    tasks: int = 0  # Dask tasks the jobs travelled in (small jobs are batched)
    workers: int = 0
    dashboard: str | None = None
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discovered": self.discovered, "unchanged": self.unchanged, "submitted": self.submitted,
            "outcomes": dict(self.outcomes), "bytes": self.bytes, "seconds": round(self.seconds, 3),
            "mb_per_s": round(self.bytes / 1e6 / self.seconds, 1) if self.seconds else None,
            "split_jobs": self.split_jobs, "tasks": self.tasks, "workers": self.workers, "dashboard": self.dashboard,
            "errors": self.errors[:20],
        }


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    from distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler, timeout="30s"), None
    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(
        n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40,
        memory_limit=0,  # the engine streams; Dask's memory manager would pause workers on big page caches
    )
    return Client(cluster), cluster


def _submit(client: Any, spec: JobSpec, known: Any, retries: int, split_bytes: int) -> tuple[Any, bool]:
    key = f"denpex-job-{spec.listing}"
    parts = split(spec, split_bytes) if spec.bytes > split_bytes and len(spec.files) > 1 else [list(range(len(spec.files)))]
    if len(parts) == 1:
        return client.submit(diagnose_job, spec, known, key=key, retries=retries, pure=False), False
    futs = [client.submit(scan_part, spec, idx, key=f"denpex-part-{spec.listing}-{i}", retries=retries, pure=False)
            for i, idx in enumerate(parts)]
    return client.submit(merge_job, spec, known, *futs, key=key, retries=retries, pure=False), True


def _batches(specs: list[JobSpec], split_bytes: int, workers: int = 1) -> list[list[JobSpec]]:
    """Jobs grouped into tasks: every large job alone (it may be split further); small ones together,
    up to ``BATCH_BYTES`` and ``BATCH_JOBS`` a task, and small enough that there are about four
    batches per worker (the load stays balanced); the input order, largest first, is kept."""
    small = [s for s in specs if s.bytes < min(BATCH_BYTES, split_bytes)]
    per_task = max(1, min(BATCH_JOBS, -(-len(small) // (4 * max(workers, 1)))))
    out: list[list[JobSpec]] = []
    cur: list[JobSpec] = []
    size = 0
    for spec in specs:
        if spec.bytes >= min(BATCH_BYTES, split_bytes):
            out.append([spec])
            continue
        if cur and (size + spec.bytes > BATCH_BYTES or len(cur) >= per_task):
            out.append(cur)
            cur, size = [], 0
        cur.append(spec)
        size += spec.bytes
    if cur:
        out.append(cur)
    return out


def scan(
    roots: list[str], *, db: str | None = None, scheduler: str | None = None, workers: int | None = None,
    since: float | None = None, layout: Layout | None = None, split_bytes: int = SPLIT_BYTES, retries: int = 2,
    storage_options: dict[str, Any] | None = None, client: Any = None,
    on_start: Callable[[ScanSummary, int], None] | None = None,
    on_result: Callable[[ScanSummary, Any, str], None] | None = None,
) -> ScanSummary:
    """Scan the jobs under ``roots`` into the history ``db``. ``client``: a Dask client to use
    (else one to ``scheduler``, else a ``LocalCluster`` of ``workers`` processes, closed after)."""
    from distributed import as_completed

    from ..history.store import Store
    from .ledger import Ledger

    t0 = time.perf_counter()
    summary = ScanSummary()
    specs = discover(roots, layout, since, storage_options)
    summary.discovered = len(specs)
    with Store(db) as store, store.db.exclusive("fleet scan"):
        ledger = Ledger(store)
        done = ledger.done_listings()
        todo = [s for s in specs if s.listing not in done]
        summary.unchanged = len(specs) - len(todo)
        if not todo:
            summary.seconds = time.perf_counter() - t0
            return summary
        cluster = None
        if client is None:
            client, cluster = _client(scheduler, workers)
            own = True
        else:
            own = False
        try:
            summary.workers = len(client.scheduler_info().get("workers", {}))
            summary.dashboard = getattr(client, "dashboard_link", None)
            client.run(warm)  # every worker loads the knowledge base now, not inside its first task
            known = client.scatter(Known(ledger.counted_digests()), broadcast=True)
            futures = []
            by_key: dict[str, list[JobSpec]] = {}
            for batch in _batches(todo, split_bytes, summary.workers):  # largest first: the long tasks start early
                if len(batch) == 1:
                    fut, was_split = _submit(client, batch[0], known, retries, split_bytes)
                    summary.split_jobs += was_split
                else:
                    key = "denpex-batch-" + hashlib.sha256("\0".join(s.listing for s in batch).encode()).hexdigest()[:24]
                    fut = client.submit(diagnose_jobs, batch, known, key=key, retries=retries, pure=False)
                futures.append(fut)
                by_key[fut.key] = batch
            summary.submitted = len(todo)
            summary.tasks = len(futures)
            if on_start:
                on_start(summary, sum(s.bytes for s in todo))
            for fut, res in as_completed(futures, with_results=True, raise_errors=False):
                batch = by_key[fut.key]
                results = res if isinstance(res, list) and len(res) == len(batch) else [res] * len(batch)
                for spec, one in zip(batch, results):
                    if isinstance(one, BaseException) or one is None:
                        from .tasks import _new_result

                        err = _new_result(spec)
                        err.error = f"{type(one).__name__}: {one}"
                        one = err
                    outcome = ledger.record(one)
                    summary.outcomes[outcome] += 1
                    summary.bytes += spec.bytes
                    if outcome == "error":
                        summary.errors.append(f"{spec.name}: {one.error}")
                    if on_result:
                        on_result(summary, one, outcome)
                fut.release()
        finally:
            if own:
                client.close()
                if cluster is not None:
                    cluster.close()
    summary.seconds = time.perf_counter() - t0
    return summary
