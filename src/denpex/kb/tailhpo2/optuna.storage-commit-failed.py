"""Computed diagnosis for optuna.storage-commit-failed: name the database error behind it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = facts.get("db_error") if isinstance(facts.get("db_error"), str) else ""
    low = err.lower()
    if "database is locked" in low or "disk i/o error" in low:
        diagnosis = "SQLite locking/I-O failure with concurrent writers"
        text = (f"The database error is '{err[:160]}': SQLite (one writer, file locks) failed under parallel workers, "
                "typically with the .db file on NFS/Lustre/Dropbox or shared by many jobs.")
        fix = ("Use PostgreSQL/MySQL, or JournalStorage(JournalFileBackend('optuna_journal.log')) for many workers on shared storage.",
               "For a single machine: keep the SQLite file on a local disk and use n_jobs=1 per process.")
    elif any(k in low for k in ("too long", "data too long", "string data, right truncated", "value too long", "max length")):
        diagnosis = "value longer than the database column"
        text = f"The database rejected a value that is too long: '{err[:160]}'."
        fix = ("Keep user_attrs/system_attrs small (store files/artifacts elsewhere, keep paths).",
               "Upgrade Optuna (newer schema and samplers store less) or migrate with `optuna storage upgrade`.")
    elif any(k in low for k in ("lost connection", "server has gone away", "connection reset", "server closed the connection", "could not connect")):
        diagnosis = "database connection dropped"
        text = f"The database connection failed during the commit: '{err[:160]}'."
        fix = ("RDBStorage(url, engine_kwargs={'pool_pre_ping': True, 'pool_recycle': 3600}) and heartbeat_interval for long trials.",
               "Raise the server's max_connections above the number of workers.")
    elif any(k in low for k in ("unique", "duplicate", "integrity")):
        diagnosis = "concurrent writers created conflicting rows"
        text = f"The commit violated a uniqueness constraint: '{err[:160]}' (a race between workers or an old Optuna bug)."
        fix = ("Upgrade Optuna; retry the trial; avoid several processes creating the same study concurrently without load_if_exists=True.",)
    elif err:
        diagnosis = "database error on commit"
        text = f"The database error behind StorageInternalError is '{err[:160]}'."
        fix = ("Fix the database error shown; check the storage URL, disk and permissions.",)
    else:
        return Explanation(
            text=("StorageInternalError wraps a database error that is not in this excerpt; it is printed above the message "
                  "('The above exception was the direct cause ...')."),
            fix=("Look for the sqlalchemy/sqlite3/psycopg2/pymysql error above; for parallel workers prefer PostgreSQL/MySQL or JournalStorage.",),
            derived={"diagnosis": "database error not shown"},
        )
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
