"""Diagnoses for the web app run in worker processes the server can kill.

A thread cannot be stopped from outside: a diagnosis that outlives its timeout in a thread goes on
using a core (and, holding the GIL, slows the event loop). Each diagnosis therefore runs in one of a
few long-lived worker processes (started with ``spawn``: no locks of the server's threads are
inherited); the request waits for it in a thread, off the event loop, and on timeout the worker is
killed and replaced in the background. Nothing a worker receives is written anywhere: logs travel
through a pipe, in memory.

Requests beyond the workers queue (in arrival order) for a free worker; the queue is bounded
(``max_queue``) and so is the wait for a worker (``queue_timeout``): past either, the server answers
503 instead of piling up work.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class JobTimeout(Exception):
    """The diagnosis ran past its time limit; its worker was killed."""


class Busy(Exception):
    """No worker became free in time, or too many requests are already waiting."""


class JobFailed(Exception):
    """The job raised in the worker (only the exception's type name travels back, never its text)."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


@dataclass
class JobResult:
    value: Any
    seconds: float


def _worker_main(conn: Any, warm: Callable[[], None] | None) -> None:
    """A worker: loads the engine once, then runs jobs ``(fn, args)`` from the pipe until it closes."""
    try:
        if warm is not None:
            warm()
    except Exception:  # noqa: BLE001, S110 - a failed warm-up shows on the first job instead
        pass
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        fn, args = job
        try:
            conn.send(("ok", fn(*args)))
        except BaseException as exc:  # noqa: BLE001 - reported by type only: messages may quote the log
            try:
                conn.send(("error", type(exc).__name__))
            except Exception:  # noqa: BLE001
                return


class _Worker:
    def __init__(self, ctx: Any, warm: Callable[[], None] | None):
        parent, child = ctx.Pipe(duplex=True)
        self.conn = parent
        self.proc = ctx.Process(target=_worker_main, args=(child, warm), daemon=True, name="denpex-worker")
        self.proc.start()
        child.close()

    def wait_ready(self, timeout: float) -> bool:
        try:
            if self.conn.poll(timeout):
                msg = self.conn.recv()
                return bool(msg and msg[0] == "ready")
        except (EOFError, OSError):
            pass
        return False

    def kill(self) -> None:
        try:
            self.proc.kill()
        except Exception:  # noqa: BLE001, S110 - already gone
            pass
        self.proc.join(5)
        try:
            self.conn.close()
        except OSError:
            pass


class WorkerPool:
    """``size`` worker processes; ``run(fn, *args, timeout=...)`` blocks the calling thread (call it
    from a thread, never on the event loop) until the job is done, timed out (worker killed) or
    refused (``Busy``)."""

    def __init__(
        self,
        size: int,
        warm: Callable[[], None] | None = None,
        max_queue: int = 256,
        queue_timeout: float = 60.0,
        start_method: str = "spawn",
    ):
        self.size = max(1, size)
        self.warm = warm
        self.max_queue = max_queue
        self.queue_timeout = queue_timeout
        self._ctx = multiprocessing.get_context(start_method)
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self._waiting = 0
        self._started = False
        self._closed = False
        self._starters: list[threading.Thread] = []

    def _ensure_started(self) -> None:
        with self._lock:
            if self._started or self._closed:
                return
            self._started = True
        for _ in range(self.size):
            self._spawn_async()

    def _spawn_async(self) -> None:
        """Start a worker; it joins the idle queue once it has loaded the engine (a thread waits)."""

        def start() -> None:
            for _attempt in range(3):
                if self._closed:
                    return
                w = _Worker(self._ctx, self.warm)
                with self._lock:
                    closed = self._closed
                    if not closed:
                        self._all.add(w)
                if closed:
                    w.kill()
                    return
                if w.wait_ready(120):
                    if self._closed:
                        w.kill()
                        return
                    self._idle.put(w)
                    return
                self._discard(w)
                time.sleep(0.5)

        t = threading.Thread(target=start, daemon=True, name="denpex-worker-start")
        with self._lock:
            self._starters = [x for x in self._starters if x.is_alive()] + [t]
        t.start()

    def _discard(self, w: _Worker) -> None:
        w.kill()
        with self._lock:
            self._all.discard(w)

    @property
    def waiting(self) -> int:
        return self._waiting

    def run(self, fn: Callable[..., Any], *args: Any, timeout: float) -> JobResult:
        if self._closed:
            raise Busy("the server is shutting down")
        self._ensure_started()
        with self._lock:
            if self._waiting >= self.max_queue:
                raise Busy("too many requests waiting")
            self._waiting += 1
        try:
            try:
                w = self._idle.get(timeout=self.queue_timeout)
            except queue.Empty:
                raise Busy("no worker became free in time") from None
        finally:
            with self._lock:
                self._waiting -= 1
        t0 = time.monotonic()
        try:
            w.conn.send((fn, args))
            ready = w.conn.poll(timeout)
            msg = w.conn.recv() if ready else None
        except (EOFError, OSError, BrokenPipeError):
            # the worker died under this job (killed for memory, crashed): replace it
            self._discard(w)
            self._spawn_async()
            raise JobFailed("WorkerDied") from None
        if msg is None:
            self._discard(w)  # the only way to stop a running diagnosis
            self._spawn_async()
            raise JobTimeout(f"over {timeout:g} s")
        self._idle.put(w)
        status, value = msg
        if status == "error":
            raise JobFailed(value)
        return JobResult(value, time.monotonic() - t0)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._all)
            self._all.clear()
            starters = list(self._starters)
        for w in workers:
            try:
                w.conn.send(None)
            except Exception:  # noqa: BLE001, S110
                pass
        for w in workers:
            w.proc.join(1)
            if w.proc.is_alive():
                w.kill()
        for t in starters:  # a worker being started now is killed by its starter, which sees _closed
            t.join(10)

    def pids(self) -> list[int]:
        with self._lock:
            return [w.proc.pid for w in self._all if w.proc.pid is not None]


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))
