"""``denpex fleet scan``: the client side. Discovers the jobs, leaves out the ones read before,
submits one Dask task per job (a large job: one task per part of its files and a merge task),
and stores each result as it arrives.

Worker death: the scheduler runs the tasks of a worker that died again elsewhere (up to its
``allowed-failures``); a task that raised is retried ``retries`` times. Nothing is lost because
only the client writes, after a result has arrived, and nothing is counted twice because the
ledger keys every job by its content digest (``ledger.py``). A job whose tasks still failed is
recorded as an error and read again by the next scan.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .discover import JobSpec, Layout, discover
from .tasks import Known, diagnose_job, merge_job, scan_part, split, warm

SPLIT_BYTES = 512 << 20  # jobs larger than this are split by file into parts of about this size


@dataclass
class ScanSummary:
    discovered: int = 0
    unchanged: int = 0  # skipped: their listing was read before
    submitted: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)  # saved, clean, empty, duplicate, error
    bytes: int = 0
    seconds: float = 0.0
    split_jobs: int = 0
    workers: int = 0
    dashboard: str | None = None
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discovered": self.discovered, "unchanged": self.unchanged, "submitted": self.submitted,
            "outcomes": dict(self.outcomes), "bytes": self.bytes, "seconds": round(self.seconds, 3),
            "mb_per_s": round(self.bytes / 1e6 / self.seconds, 1) if self.seconds else None,
            "split_jobs": self.split_jobs, "workers": self.workers, "dashboard": self.dashboard,
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
    with Store(db) as store:
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
            for spec in todo:  # largest first: the long tasks start early
                fut, was_split = _submit(client, spec, known, retries, split_bytes)
                futures.append(fut)
                summary.split_jobs += was_split
            summary.submitted = len(futures)
            by_key = {f.key: s for f, s in zip(futures, todo)}
            if on_start:
                on_start(summary, sum(s.bytes for s in todo))
            for fut, res in as_completed(futures, with_results=True, raise_errors=False):
                spec = by_key[fut.key]
                if isinstance(res, BaseException) or res is None:
                    from .tasks import _new_result

                    err = _new_result(spec)
                    err.error = f"{type(res).__name__}: {res}"
                    res = err
                outcome = ledger.record(res)
                summary.outcomes[outcome] += 1
                summary.bytes += spec.bytes
                if outcome == "error":
                    summary.errors.append(f"{spec.name}: {res.error}")
                fut.release()
                if on_result:
                    on_result(summary, res, outcome)
        finally:
            if own:
                client.close()
                if cluster is not None:
                    cluster.close()
    summary.seconds = time.perf_counter() - t0
    return summary
