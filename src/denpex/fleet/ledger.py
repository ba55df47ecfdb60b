"""Fleet results into the incident history, each job content counted once.

Only the scan's client writes (the workers never touch the database), one result at a time as it
arrives. A failed job is saved with ``Store.save`` (the same masking, fingerprint and node rows as
``denpex diagnose --save``; the incident's time is the job's, its ``input_digest`` the job's content
digest), then its row goes into ``fleet_jobs`` (schema migration 3). Counted once:
- a result whose digest is already counted (the task ran twice after a worker died, the same logs
  are in two folders, a re-scan of touched files) only adds its listing, ``counted`` = 0;
- a job read again with other content (its log grew) replaces its earlier row (``superseded``);
- a crash between the incident and the ``fleet_jobs`` row is healed by the next scan: the incident
  is found by its ``input_digest`` and not saved again.
"""

from __future__ import annotations

import json
from typing import Any

from ..history.store import Store, now_utc, stamp
from .tasks import JobResult

DONE = ("failed", "clean", "empty", "duplicate")


class Ledger:
    def __init__(self, store: Store, mask_hosts: bool = False):
        from ..masking import Masker

        self.store = store
        self.masker = Masker(mask_hosts=mask_hosts)

    def done_listings(self) -> set[str]:
        """Listings of jobs read before (unchanged jobs: skipped without reading)."""
        with self.store.db.read() as c:
            return {r["listing"] for r in c.all("SELECT listing, status FROM fleet_jobs") if r["status"] in DONE}

    def counted_digests(self) -> frozenset[str]:
        with self.store.db.read() as c:
            return frozenset(r["digest"] for r in c.all("SELECT digest FROM fleet_jobs WHERE counted = 1"))

    def _counted(self, digest: str) -> dict[str, Any] | None:
        with self.store.db.read() as c:
            row = c.one("SELECT incident_id, status, failure_id FROM fleet_jobs WHERE digest = :d AND counted = 1", {"d": digest})
            if row is None and digest:
                inc = c.one("SELECT id, failure_id FROM incidents WHERE input_digest = :d ORDER BY id LIMIT 1", {"d": digest})
                if inc is not None:  # saved by a scan that stopped before its fleet_jobs row
                    return {"incident_id": inc["id"], "status": "failed", "failure_id": inc["failure_id"], "healed": True}
        return row

    def record(self, r: JobResult) -> str:
        """Store one job's result; returns what happened: saved, clean, empty, duplicate or error."""
        row: dict[str, Any] = {
            "listing": r.listing, "digest": r.digest, "counted": 0, "job": self.masker.mask(r.job),
            "root": self.masker.mask(r.root), "files": r.files, "bytes": r.bytes, "hosts": json.dumps(r.hosts),
            "ended_at": stamp(r.ended_at), "scanned_at": stamp(now_utc()), "status": r.status,
            "failure_id": r.failure_id, "incident_id": None, "seconds": round(r.seconds, 4),
            "error": self.masker.mask(r.error) if r.error else None,
        }
        outcome = r.status
        if r.status == "error":
            self._upsert(row, keep_done=True)
            return "error"
        prior = self._counted(r.digest) if r.digest else None
        if prior is not None and not prior.get("healed"):
            row.update(status="duplicate", incident_id=prior["incident_id"], failure_id=prior["failure_id"])
            self._upsert(row)
            return "duplicate"
        if r.status == "duplicate":  # the worker knew the digest; the row that counts it exists
            self._upsert(row)
            return "duplicate"
        row["counted"] = 1
        if prior is not None:  # healed: the incident is there already
            row.update(status="failed", incident_id=prior["incident_id"], failure_id=prior["failure_id"])
            outcome = "saved"
        elif r.status == "failed" and r.doc is not None:
            incident_id, _ = self.store.save(r.doc, masker=self.masker, job=r.job, input_digest=r.digest, when=r.ended_at)
            row["incident_id"] = incident_id
            outcome = "saved"
        self._upsert(row)
        return outcome

    def _upsert(self, row: dict[str, Any], keep_done: bool = False) -> None:
        cols = ", ".join(row)
        updates = ", ".join(f"{k} = excluded.{k}" for k in row if k != "listing")
        where = " WHERE fleet_jobs.status = 'error'" if keep_done else ""
        with self.store.db.write() as c:
            if row["counted"]:
                # the same job read again with other content (a log that grew): the new row counts
                c.execute(
                    "UPDATE fleet_jobs SET counted = 0, status = 'superseded' WHERE root = :r AND job = :j "
                    "AND counted = 1 AND digest <> :d", {"r": row["root"], "j": row["job"], "d": row["digest"]},
                )
            c.execute(
                f"INSERT INTO fleet_jobs ({cols}) VALUES ({', '.join(':' + k for k in row)}) "
                f"ON CONFLICT (listing) DO UPDATE SET {updates}{where}", row,
            )
