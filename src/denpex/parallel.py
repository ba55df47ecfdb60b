"""Scanning many inputs: worker processes for many files and for byte ranges of one large file,
and the progress bar shown on stderr for inputs that take longer than a second."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .attribution import Attribution, attribute_hits
from .models import InputInfo
from .readers import Source, split_source
from .scanner import Hit, _count_newlines, scan_source

if TYPE_CHECKING:
    from .engine import _Engine


class Progress:
    """Progress on stderr for inputs that take longer than a second (files, bytes, rate)."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._bar = None
        self._task = None
        self._t0 = 0.0
        self._done = 0
        self._files = 0
        self._total = 0

    def start(self, total_bytes: int, files: int) -> None:
        import time

        self._t0 = time.monotonic()
        self._total, self._files = total_bytes, files

    def advance(self, n: int) -> None:
        import time

        if not self.enabled:
            return
        self._done += n
        if self._bar is None and time.monotonic() - self._t0 > 1.0:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                TextColumn,
                TimeRemainingColumn,
                TransferSpeedColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn(f"scanning {self._files} file(s)"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                TimeRemainingColumn(), console=Console(stderr=True), transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("scan", total=self._total)
        if self._bar is not None:
            self._bar.update(self._task, completed=self._done)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _init_worker(kb_dir: Path | None, engine: str) -> None:
    from .engine import get_engine

    get_engine(kb_dir, engine)


Scanned = tuple[Hit, Attribution, bool]  # a hit, its rank/host/time, whether the time was inherited


def _scan_one(src: Source, matcher: object) -> list[Scanned]:
    return attribute_hits(scan_source(src, matcher), src.name, src.info.notes)  # type: ignore[arg-type]


def _scan_task(args: tuple[Source, Path | None, str]) -> tuple[list[Scanned], InputInfo]:
    src, kb_dir, engine = args
    from .engine import get_engine

    eng = get_engine(kb_dir, engine)
    return _scan_one(src, eng.matcher), src.info


PARALLEL_MIN_BYTES = 48 * 1024 * 1024


def _input_size(src: Source) -> int:
    if src.data is not None:
        return len(src.data)
    try:
        return (src.end if src.end is not None else os.path.getsize(src.path or "")) - src.start
    except OSError:
        return 0


def raw_scan(
    sources: Sequence[Source],
    eng: _Engine,
    jobs: int,
    kb_dir: Path | None,
    engine: str,
    progress: Progress | None,
    while_waiting: Callable[[], None] | None = None,
) -> list[list[Scanned]]:
    """Attributed hits per source, scanning files (and byte ranges of large files) across ``jobs``
    processes; ``while_waiting`` runs in a thread of this process while the workers scan (it is
    not run at all when there are no workers)."""
    total = sum(_input_size(s) for s in sources)
    _count_newlines.expect(total)  # before the fork: workers inherit numpy once it is worth loading
    if progress:
        progress.start(total, len(sources))
    if jobs <= 1 or total < PARALLEL_MIN_BYTES:
        out = []
        for src in sources:
            out.append(_scan_one(src, eng.matcher))
            if progress:
                progress.advance(_input_size(src))
        return out
    tasks: list[tuple[int, Source]] = []
    for i, src in enumerate(sources):
        for part in split_source(src, jobs * 2):
            tasks.append((i, part))
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor  # lazy: start-up

    # fork: the workers inherit the loaded knowledge base and compiled database (no start-up each)
    ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    # many small files: send them in batches, a few per worker, instead of one round trip each
    small = all(_input_size(part) <= 16 * 1024 * 1024 for _, part in tasks)
    chunksize = max(1, min(32, len(tasks) // (jobs * 16))) if small else 1
    results: dict[int, tuple[list[Scanned], InputInfo]] = {}
    helper = None
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init_worker, initargs=(kb_dir, engine)) as ex:
        args = [(part, kb_dir, engine) for _, part in tasks]
        pending = ex.map(_scan_task, args, chunksize=chunksize)  # the workers are forked by now
        if while_waiting is not None:
            # this process only waits from here on; a thread started before the fork could hold the
            # import lock in the children, and would hold the GIL while the tasks are handed out
            import threading

            helper = threading.Thread(target=while_waiting, daemon=True)
            helper.start()
        for n, res in enumerate(pending):
            results[n] = res
            if progress:
                progress.advance(_input_size(tasks[n][1]))
    if helper is not None:
        helper.join()
    per_source: list[list[Scanned]] = [[] for _ in sources]
    offsets = [0] * len(sources)
    for n, (i, part) in enumerate(tasks):
        hits, info = results[n]
        src = sources[i]
        if part is src:
            src.info = info
            per_source[i] = hits
            continue
        off = offsets[i]
        per_source[i].extend((dataclasses.replace(h, line=h.line + off), at, inh) if off else (h, at, inh) for h, at, inh in hits)
        offsets[i] += info.lines
        src.info.lines = offsets[i]
        src.info.bytes += info.bytes
        src.info.blank = src.info.blank and info.blank
        src.info.notes += [x for x in info.notes if x not in src.info.notes]
    return per_source
