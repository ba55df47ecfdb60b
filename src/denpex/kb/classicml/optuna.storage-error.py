"""Computed diagnosis for optuna.storage-error: which storage check failed and the command that resolves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(v: str | None) -> tuple[int, ...]:
    out: list[int] = []
    for part in (v or "").split(".")[:3]:
        num = "".join(ch for ch in part if ch.isdigit())
        if not num:
            break
        out.append(int(num))
    return tuple(out)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "duplicated-study":
        name = facts.get("study_name") or "<name>"
        return Explanation(
            text=f"The storage already holds a study named '{name}' (from an earlier run); create_study refuses to create it again.",
            fix=(f"Resume it: optuna.create_study(study_name='{name}', storage=url, load_if_exists=True)",
                 f"or start fresh: optuna.delete_study(study_name='{name}', storage=url), or use a new name (e.g. with a timestamp)"),
            derived={"problem": f"study '{name}' already exists"},
        )
    if sig == "record-not-exist":
        return Explanation(
            text=("load_study (or a worker) looked up a study that is not in this storage: wrong name, a different database "
                  "(relative sqlite path resolved per working directory), or the study was not created yet / was deleted."),
            fix=("optuna studies --storage <url> to list the names in that storage",
                 "use an absolute sqlite:////path or the shared DB URL on every worker; create the study once before workers start",
                 "or use optuna.create_study(..., load_if_exists=True) in workers"),
            derived={"problem": "study not found in storage"},
        )
    if sig == "schema-incompatible":
        rt, sc = facts.get("runtime_version"), facts.get("schema_version")
        vr, vs = _ver(rt), _ver(sc)
        if sc and vr and vs and vr == vs:
            text = (f"Optuna {rt} reports a schema mismatch for a storage set up by the same version: a known bug of the check "
                    "(reported for 4.5.0).")
            fix = ("pip install -U optuna (a later release) or pin the previous minor version",)
            problem = "schema check bug (same version)"
        elif vr and vs and vr > vs:
            text = f"The database was created by Optuna {sc} and the running Optuna {rt} needs a newer table schema."
            fix = ("back up the database, then: optuna storage upgrade --storage <url> (run with Optuna " + str(rt) + ")",
                   "make sure every worker and the dashboard then run the new version")
            problem = f"schema from optuna {sc}, runtime {rt}: upgrade the storage"
        elif vr and vs and vr < vs:
            text = f"The database was migrated by a newer Optuna ({sc}) than the one running here ({rt})."
            fix = (f"pip install 'optuna>={sc}' on this machine (do not downgrade the shared storage)",)
            problem = f"runtime optuna {rt} older than storage {sc}"
        else:
            text = f"Optuna {rt or ''} cannot use the table schema of this storage; the two were set up by different releases."
            fix = ("optuna storage upgrade --storage <url> (after a backup), or align the Optuna version with the storage",)
            problem = "table schema from another optuna version"
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    if sig == "sqlite-locked":
        return Explanation(
            text=("SQLite allows a single writer; parallel Optuna workers (processes, n_jobs threads, the heartbeat thread or "
                  "optuna-dashboard) exceeded its busy timeout."),
            fix=("use PostgreSQL/MySQL, or JournalStorage(JournalFileBackend('/shared/journal.log')) for multi-process runs",
                 "stopgap: optuna.storages.RDBStorage(url, engine_kwargs={'connect_args': {'timeout': 300}}) and stagger worker starts",
                 "or run one process with n_jobs=1 on SQLite"),
            derived={"problem": "SQLite database is locked under concurrent writers"},
        )
    return None
