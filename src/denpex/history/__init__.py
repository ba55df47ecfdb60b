"""Incident history: remember every saved diagnosis, group recurrences, say "seen before /
solved before", find similar incidents and the nodes that keep initiating failures.

Local-first: an SQLite file at the XDG data location (``~/.local/share/denpex/history.db``, or
``$XDG_DATA_HOME/denpex/history.db``), ``--db`` or ``$DENPEX_HISTORY_DB`` to choose another file or a
``postgresql://`` URL for a shared team database. Every string stored has been through
``denpex.masking.Masker``; the raw log is never stored (``--keep-log`` stores it masked).

This module stays import-light: ``denpex diagnose`` checks ``history_exists()`` on every run.
"""

from __future__ import annotations

import os
from pathlib import Path


class HistoryError(Exception):
    """A history database that cannot be used (newer schema, unreachable server, bad URL)."""


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "denpex" / "history.db"


def resolve_db(db: str | None) -> str:
    """The database to use: ``--db``, else ``$DENPEX_HISTORY_DB``, else the XDG default file."""
    return db or os.environ.get("DENPEX_HISTORY_DB") or str(default_db_path())


def is_url(db: str) -> bool:
    return "://" in db


def history_exists(db: str | None) -> bool:
    """Whether there is a history to consult (a plain diagnose never creates one)."""
    target = resolve_db(db)
    return is_url(target) or os.path.exists(target)
