"""One small database layer for the history: the same SQL (named ``:param`` placeholders, a
portable subset) runs on SQLite through the standard library's ``sqlite3`` and on PostgreSQL
through SQLAlchemy (psycopg 3 driver, pooled connections).

Why not SQLAlchemy for SQLite too: ``denpex diagnose`` consults the local history on every run and
its whole start-up is about 0.2 s; importing SQLAlchemy alone costs another 0.2 s, ``sqlite3``
0.01 s. The statements are the same text either way (SQLAlchemy's ``text()`` takes the same
``:name`` placeholders), so the store and the migrations are written once and the test suite runs
against both databases.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import HistoryError, is_url

BUSY_TIMEOUT_S = 60.0


class Conn:
    """A connection inside one transaction; rows come back as dicts."""

    def __init__(self, dialect: str, raw: Any):
        self.dialect = dialect
        self._raw = raw

    def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        self._run(sql, params)

    def all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        cur = self._run(sql, params)
        if self.dialect == "sqlite":
            cols = [c[0] for c in cur.description or ()]
            return [dict(zip(cols, row)) for row in cur.fetchall()]
        return [dict(row._mapping) for row in cur]

    def one(self, sql: str, params: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
        rows = self.all(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        row = self.one(sql, params)
        return None if row is None else next(iter(row.values()))

    def _run(self, sql: str, params: Mapping[str, Any] | None) -> Any:
        if self.dialect == "sqlite":
            return self._raw.execute(sql, dict(params or {}))
        from sqlalchemy import text

        return self._raw.execute(text(sql), dict(params or {}))


class Database:
    """An SQLite file or a PostgreSQL URL, opened for short transactions."""

    def __init__(self, target: str):
        self.target = target
        self._engine: Any = None
        self._sqlite: sqlite3.Connection | None = None
        if is_url(target):
            if not target.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
                raise HistoryError(f"unsupported history database URL (use a file path or postgresql://...)")
            self.dialect = "postgresql"
            try:
                from sqlalchemy import create_engine
            except ImportError:  # pragma: no cover - depends on the install
                raise HistoryError("a PostgreSQL history needs the 'team' extra: pip install 'denpex[team]'") from None
            url = "postgresql+psycopg://" + target.split("://", 1)[1]
            self._engine = create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
        else:
            self.dialect = "sqlite"
            path = Path(target)
            path.parent.mkdir(parents=True, exist_ok=True)
            self._sqlite = _connect_sqlite(path)

    @contextmanager
    def write(self) -> Iterator[Conn]:
        """A transaction that writes: SQLite takes the write lock at once (``BEGIN IMMEDIATE``, so
        concurrent writers queue on the busy timeout instead of failing on lock upgrade)."""
        if self._sqlite is not None:
            con = self._sqlite
            _begin_immediate(con)
            try:
                yield Conn("sqlite", con)
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        else:
            with self._engine.begin() as c:
                yield Conn("postgresql", c)

    @contextmanager
    def read(self) -> Iterator[Conn]:
        if self._sqlite is not None:
            con = self._sqlite
            con.execute("BEGIN")
            try:
                yield Conn("sqlite", con)
            finally:
                con.execute("ROLLBACK")
        else:
            with self._engine.connect() as c:
                yield Conn("postgresql", c)
                c.rollback()

    @contextmanager
    def exclusive(self, name: str) -> Iterator[None]:
        """Hold a named lock on this database for the block, or raise ``HistoryError`` at once when
        another process holds it (two ``fleet scan`` runs into one store would read the same jobs
        twice and race on their rows). SQLite: an advisory lock on a file beside the database;
        PostgreSQL: a session advisory lock (released if the process dies)."""
        if self._sqlite is not None:
            import fcntl
            import os

            lock_path = f"{self.target}.{name}.lock"
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    held = os.pread(fd, 64, 0).decode(errors="replace").strip()
                    raise HistoryError(
                        f"another {name} is writing to this history database (process {held or '?'}); "
                        "wait for it to finish, or give this one another --store"
                    ) from None
                os.ftruncate(fd, 0)
                os.pwrite(fd, str(os.getpid()).encode(), 0)
                yield
            finally:
                os.close(fd)  # releases the lock
            return
        import zlib

        from sqlalchemy import text

        key = zlib.crc32(name.encode())
        with self._engine.connect() as c:
            if not c.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar():
                raise HistoryError(f"another {name} is writing to this history database; wait for it to finish, or give this one another --store")
            try:
                yield
            finally:
                c.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})
                c.commit()

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
            self._sqlite = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


def _connect_sqlite(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    con.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    # WAL: readers never block the writer and the other way round (many diagnose --save at once)
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            con.execute("PRAGMA journal_mode = WAL")
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise HistoryError(f"history database {path}: {exc}") from exc
            time.sleep(0.05)
    con.execute("PRAGMA synchronous = NORMAL")
    return con


def _begin_immediate(con: sqlite3.Connection) -> None:
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            con.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
