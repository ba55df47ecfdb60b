"""The incident store: save a masked diagnosis, look up its group, list, resolve, purge, nodes.

Every string written here has been through ``denpex.masking.Masker`` (``_masked``): the document
(masked by the engine already, masked again so that nothing else can slip in), the job name, the
fix and note a person types, and the log when ``--keep-log`` asks for it.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from . import HistoryError, resolve_db
from .db import Database
from .fingerprint import Fingerprint, fingerprint
from .migrations import migrate

_PLACEHOLDER_HOST = re.compile(r"^<[A-Z]+-\d+>$")
_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
INITIATING = ("initiating", "suspect")
_NOT_NODES = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def stamp(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_when(text: str, now: datetime | None = None) -> str:
    """'7d', '12h', '2w' (that long ago) or an ISO date/time -> the stored time format."""
    now = now or now_utc()
    m = _AGE.match(text)
    if m:
        return stamp(now - timedelta(seconds=float(m.group(1)) * _UNITS[m.group(2)]))
    try:
        t = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{text!r}: expected an age like 7d, 12h, 2w or a date like 2026-11-02") from None
    if t.tzinfo is None:
        t = t.replace(tzinfo=timezone.utc)
    return stamp(t)


def short_time(s: str | None) -> str:
    return (s or "")[:16].replace("T", " ")


def _gpu_of(facts: dict[str, Any]) -> str | None:
    for key in ("pci", "bus_id", "pci_bus_id"):
        v = facts.get(key)
        if isinstance(v, str) and v:
            return f"PCI {v}"
    for key in ("device", "requested_device"):
        v = facts.get(key)
        if isinstance(v, str) and re.fullmatch(r"cuda:\d+", v):
            return v
        if isinstance(v, int) and not isinstance(v, bool) and str(facts.get("device_kind", "CUDA")).upper() == "CUDA":
            return f"cuda:{v}"
    v = facts.get("gpu")
    if isinstance(v, (str, int)) and str(v).isdigit():
        return f"GPU {v}"
    return None


def failure_class(failure_id: str, facts: dict[str, Any]) -> str:
    """The class a node view counts: the failure id, with the Xid number where there is one."""
    xid = facts.get("xid")
    if isinstance(xid, list):
        xid = xid[0] if xid else None
    return f"{failure_id} Xid {xid}" if xid is not None else failure_id


def _host(h: Any) -> str | None:
    if not isinstance(h, str) or not h or _PLACEHOLDER_HOST.match(h) or h in _NOT_NODES:
        return None  # a --mask-hosts placeholder names nothing across incidents
    return h


def node_rows(doc: dict[str, Any], failure_id: str) -> list[dict[str, Any]]:
    """The hosts, ranks and GPUs an incident names, with their part in it."""
    p = doc.get("primary") or {}
    facts = p.get("facts") or {}
    cls = failure_class(failure_id, facts)
    rows: list[dict[str, Any]] = []
    seen: set[tuple[Any, Any]] = set()
    if p:
        host, rank, gpu = _host(p.get("host")), p.get("rank"), _gpu_of(facts)
        if host or rank is not None or gpu:
            rows.append({"host": host, "rank": rank, "gpu": gpu, "role": "suspect" if p.get("suspect") else "initiating", "cls": cls})
            seen.add((host, rank))
    for r in doc.get("ranks") or []:
        host, rank = _host(r.get("host")), r.get("rank")
        if (host, rank) in seen or (host is None and rank is None):
            continue
        seen.add((host, rank))
        role = r.get("role") or "named"
        if role == "initiating" and rows and rows[0]["role"] in INITIATING:
            role = "failed"
        rows.append({"host": host, "rank": rank, "gpu": None, "role": role, "cls": cls})
    return rows


def _hosts_ranks(doc: dict[str, Any]) -> tuple[list[str], list[int]]:
    hosts: set[str] = set()
    ranks: set[int] = set()
    for f in [doc.get("primary") or {}, *(doc.get("findings") or []), *(doc.get("ranks") or [])]:
        h = _host(f.get("host"))
        if h:
            hosts.add(h)
        if isinstance(f.get("rank"), int):
            ranks.add(f["rank"])
    return sorted(hosts), sorted(ranks)


class Store:
    """The history database (SQLite file or PostgreSQL URL), migrated to the latest schema on open."""

    def __init__(self, db: str | None = None):
        self.target = resolve_db(db)
        self.db = Database(self.target)
        try:
            migrate(self.db)
        except HistoryError:
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------

    def save(
        self, doc: dict[str, Any], *, masker: Any, job: str | None = None, input_digest: str | None = None,
        log: str | None = None, when: datetime | None = None, created_by: str | None = None,
    ) -> tuple[int, Fingerprint]:
        """Store one incident; returns its id and fingerprint. ``log`` is masked before it is stored."""
        doc = masker.mask_value(doc)
        fp = fingerprint(doc)
        p = doc.get("primary") or {}
        hosts, ranks = _hosts_ranks(doc)
        created = stamp(when or now_utc())
        names = [f.get("name", "") for f in (doc.get("inputs") or {}).get("files", [])]
        init = next((n for n in node_rows(doc, fp.failure_id) if n["role"] in INITIATING), None)
        row = {
            "created_at": created,
            "fingerprint": fp.key,
            "failure_id": fp.failure_id,
            "title": masker.mask(fp.title),
            "verdict": masker.mask(doc.get("verdict") or ""),
            "template": masker.mask(fp.template),
            "job": masker.mask(job) if job else None,
            "hosts": json.dumps(hosts, ensure_ascii=False),
            "ranks": json.dumps(ranks),
            "initiating_host": init["host"] if init else _host(p.get("host")),
            "initiating_rank": init["rank"] if init else p.get("rank"),
            "input_digest": input_digest,
            "input_names": json.dumps(masker.mask_value(names), ensure_ascii=False),
            "denpex_version": doc.get("denpex_version") or "",
            "doc": json.dumps(doc, ensure_ascii=False, default=str),
            "log": masker.mask(log) if log is not None else None,
        }
        if created_by is not None:  # a team server's user (schema 4)
            row["created_by"] = created_by
        retention = None
        with self.db.write() as c:
            c.execute(
                "INSERT INTO incident_groups (fingerprint, failure_id, title, template, parts, created_at) "
                "VALUES (:k, :f, :t, :tm, :p, :c) ON CONFLICT (fingerprint) DO NOTHING",
                {"k": fp.key, "f": fp.failure_id, "t": row["title"], "tm": row["template"],
                 "p": masker.mask(json.dumps(fp.parts, ensure_ascii=False, sort_keys=True)), "c": created},
            )
            cols = ", ".join(row)
            incident_id = int(c.scalar(
                f"INSERT INTO incidents ({cols}) VALUES ({', '.join(':' + k for k in row)}) RETURNING id", row
            ))
            for n in node_rows(doc, fp.failure_id):
                c.execute(
                    "INSERT INTO incident_nodes (incident_id, host, rank, gpu, role, cls) "
                    "VALUES (:i, :host, :rank, :gpu, :role, :cls)", {"i": incident_id, **n},
                )
            retention = c.scalar("SELECT value FROM settings WHERE key = 'retention_days'")
        if retention:
            self.purge(before=stamp(now_utc() - timedelta(days=float(retention))))
        return incident_id, fp

    def resolve(self, incident_id: int, fix: str, note: str | None, masker: Any) -> dict[str, Any]:
        """Mark the incident's group solved with what worked."""
        with self.db.write() as c:
            inc = c.one("SELECT fingerprint FROM incidents WHERE id = :i", {"i": incident_id})
            if inc is None:
                raise KeyError(incident_id)
            c.execute(
                "UPDATE incident_groups SET resolved_at = :t, fix = :f, note = :n WHERE fingerprint = :k",
                {"t": stamp(now_utc()), "f": masker.mask(fix), "n": masker.mask(note) if note else None,
                 "k": inc["fingerprint"]},
            )
            return c.one("SELECT * FROM incident_groups WHERE fingerprint = :k", {"k": inc["fingerprint"]}) or {}

    def purge(self, before: str | None = None) -> int:
        """Delete incidents older than ``before`` (all with None); groups left without an incident
        go too unless they carry a resolution (what fixed a problem is worth keeping)."""
        where, params = ("WHERE created_at < :b", {"b": before}) if before else ("", {})
        with self.db.write() as c:
            n = int(c.scalar(f"SELECT count(*) FROM incidents {where}", params) or 0)
            c.execute(f"DELETE FROM incident_nodes WHERE incident_id IN (SELECT id FROM incidents {where})", params)
            c.execute(f"DELETE FROM incidents {where}", params)
            c.execute(
                "DELETE FROM incident_groups WHERE resolved_at IS NULL AND NOT EXISTS "
                "(SELECT 1 FROM incidents i WHERE i.fingerprint = incident_groups.fingerprint)"
            )
        return n

    def set_retention(self, days: float | None) -> None:
        with self.db.write() as c:
            c.execute("DELETE FROM settings WHERE key = 'retention_days'")
            if days:
                c.execute("INSERT INTO settings (key, value) VALUES ('retention_days', :v)", {"v": f"{days:g}"})

    def retention(self) -> float | None:
        with self.db.read() as c:
            v = c.scalar("SELECT value FROM settings WHERE key = 'retention_days'")
        return float(v) if v else None

    # -- reading ---------------------------------------------------------------------------

    def group(self, key: str, exclude: int | None = None) -> dict[str, Any] | None:
        """What the history knows of one fingerprint: occurrences, first/last, last job and host,
        resolution. None when it has never been seen (and never solved)."""
        with self.db.read() as c:
            g = c.one("SELECT * FROM incident_groups WHERE fingerprint = :k", {"k": key})
            if g is None:
                return None
            p = {"k": key, "x": -1 if exclude is None else exclude}
            stats = c.one(
                "SELECT count(*) AS n, min(created_at) AS first, max(created_at) AS last FROM incidents "
                "WHERE fingerprint = :k AND id <> :x", p,
            ) or {}
            last = c.one(
                "SELECT id, job, initiating_host, hosts, created_at FROM incidents WHERE fingerprint = :k AND id <> :x "
                "ORDER BY created_at DESC, id DESC LIMIT 1", p,
            )
        return {
            "fingerprint": key,
            "failure_id": g["failure_id"],
            "title": g["title"],
            "seen": int(stats.get("n") or 0),
            "first_seen": stats.get("first"),
            "last_seen": stats.get("last"),
            "last_incident": last["id"] if last else None,
            "last_job": last["job"] if last else None,
            "last_host": (last["initiating_host"] or (json.loads(last["hosts"]) or [None])[0]) if last else None,
            "resolved": {"at": g["resolved_at"], "fix": g["fix"], "note": g["note"]} if g["resolved_at"] else None,
        }

    def get(self, incident_id: int) -> dict[str, Any] | None:
        with self.db.read() as c:
            row = c.one("SELECT * FROM incidents WHERE id = :i", {"i": incident_id})
            if row is None:
                return None
            row["nodes"] = c.all(
                "SELECT host, rank, gpu, role, cls FROM incident_nodes WHERE incident_id = :i ORDER BY id", {"i": incident_id}
            )
            row["occurrences"] = c.all(
                "SELECT id, created_at, job, initiating_host FROM incidents WHERE fingerprint = :k ORDER BY created_at, id",
                {"k": row["fingerprint"]},
            )
            row["group"] = c.one("SELECT * FROM incident_groups WHERE fingerprint = :k", {"k": row["fingerprint"]})
        row["doc"] = json.loads(row["doc"])
        row["hosts"] = json.loads(row["hosts"])
        row["ranks"] = json.loads(row["ranks"])
        row["input_names"] = json.loads(row["input_names"])
        return row

    def list(
        self, *, failure_id: str | None = None, host: str | None = None, job: str | None = None,
        since: str | None = None, limit: int = 50,
    ) -> list[dict[str, Any]]:
        where, params = [], {"lim": limit}
        if failure_id:
            if failure_id.endswith("*") or failure_id.endswith("."):
                where.append("i.failure_id LIKE :fid")
                params["fid"] = failure_id.rstrip("*") + "%"
            else:
                where.append("i.failure_id = :fid")
                params["fid"] = failure_id
        if host:
            where.append("EXISTS (SELECT 1 FROM incident_nodes n WHERE n.incident_id = i.id AND n.host = :host)")
            params["host"] = host
        if job:
            where.append("i.job = :job")
            params["job"] = job
        if since:
            where.append("i.created_at >= :since")
            params["since"] = since
        sql = (
            "SELECT i.id, i.created_at, i.fingerprint, i.failure_id, i.title, i.job, i.hosts, i.ranks, "
            "i.initiating_host, i.initiating_rank, g.resolved_at, g.fix, "
            "(SELECT count(*) FROM incidents j WHERE j.fingerprint = i.fingerprint) AS group_size "
            "FROM incidents i JOIN incident_groups g ON g.fingerprint = i.fingerprint "
            + ("WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY i.created_at DESC, i.id DESC LIMIT :lim"
        )
        with self.db.read() as c:
            rows = c.all(sql, params)
        for r in rows:
            r["hosts"] = json.loads(r["hosts"])
            r["ranks"] = json.loads(r["ranks"])
        return rows

    def groups(self, resolved_only: bool = False) -> list[dict[str, Any]]:
        """Every group with its count, last occurrence and resolution (the candidates of ``similar``);
        ``resolved_only``: the solved ones (what every diagnosis checks: no scan of all incidents)."""
        with self.db.read() as c:
            if resolved_only:
                return c.all(
                    "SELECT g.fingerprint, g.failure_id, g.title, g.template, g.parts, g.resolved_at, g.fix, g.note, "
                    "(SELECT count(*) FROM incidents i WHERE i.fingerprint = g.fingerprint) AS n, "
                    "(SELECT max(id) FROM incidents i WHERE i.fingerprint = g.fingerprint) AS last_id, "
                    "(SELECT max(created_at) FROM incidents i WHERE i.fingerprint = g.fingerprint) AS last_at "
                    "FROM incident_groups g WHERE g.resolved_at IS NOT NULL"
                )
            return c.all(
                "SELECT g.fingerprint, g.failure_id, g.title, g.template, g.parts, g.resolved_at, g.fix, g.note, "
                "s.n, s.last_id, s.last_at FROM incident_groups g JOIN ("
                "SELECT fingerprint, count(*) AS n, max(id) AS last_id, max(created_at) AS last_at "
                "FROM incidents GROUP BY fingerprint) s ON s.fingerprint = g.fingerprint"
            )

    def incidents_of(self, key: str, limit: int = 20) -> list[dict[str, Any]]:
        with self.db.read() as c:
            return c.all(
                "SELECT id, created_at, job, initiating_host, failure_id FROM incidents WHERE fingerprint = :k "
                "ORDER BY created_at DESC, id DESC LIMIT :lim", {"k": key, "lim": limit},
            )

    def nodes(self, since: str | None = None, last: int | None = None, limit: int = 20) -> dict[str, Any]:
        """Hosts (and their GPUs) ranked by how many incidents they initiated in the window: the
        incidents since ``since`` and/or the ``last`` N incidents."""
        with self.db.read() as c:
            bounds = []
            params: dict[str, Any] = {}
            if since:
                bounds.append("created_at >= :since")
                params["since"] = since
            if last:
                cutoff = c.scalar(
                    "SELECT min(id) FROM (SELECT id FROM incidents ORDER BY created_at DESC, id DESC LIMIT :last) t",
                    {"last": last},
                )
                bounds.append("id >= :cut")
                params["cut"] = cutoff or 0
            window = "SELECT id FROM incidents" + (" WHERE " + " AND ".join(bounds) if bounds else "")
            total = int(c.scalar(f"SELECT count(*) FROM ({window}) w", params) or 0)
            rows = c.all(
                f"SELECT n.host, n.gpu, n.cls, count(DISTINCT n.incident_id) AS k, max(i.created_at) AS last_at "
                f"FROM incident_nodes n JOIN incidents i ON i.id = n.incident_id "
                f"WHERE n.host IS NOT NULL AND n.role IN ('initiating', 'suspect') AND n.incident_id IN ({window}) "
                f"GROUP BY n.host, n.gpu, n.cls",
                params,
            )
            involved = c.all(
                f"SELECT host, count(DISTINCT incident_id) AS k FROM incident_nodes "
                f"WHERE host IS NOT NULL AND incident_id IN ({window}) GROUP BY host",
                params,
            )
        by_host: dict[str, dict[str, Any]] = {}
        for r in rows:
            h = by_host.setdefault(r["host"], {"host": r["host"], "initiated": 0, "classes": {}, "gpus": {}, "last": ""})
            h["classes"][r["cls"]] = h["classes"].get(r["cls"], 0) + int(r["k"])
            if r["gpu"]:
                h["gpus"][r["gpu"]] = h["gpus"].get(r["gpu"], 0) + int(r["k"])
            h["last"] = max(h["last"], r["last_at"] or "")
        # an incident counts once per host even when it names several classes or GPUs there (one
        # grouped query for every host, not one query per host)
        with self.db.read() as c:
            initiated = c.all(
                f"SELECT host, count(DISTINCT incident_id) AS k FROM incident_nodes WHERE host IS NOT NULL "
                f"AND role IN ('initiating', 'suspect') AND incident_id IN ({window}) GROUP BY host",
                params,
            )
        for r in initiated:
            if r["host"] in by_host:
                by_host[r["host"]]["initiated"] = int(r["k"])
        inv = {r["host"]: int(r["k"]) for r in involved}
        out = sorted(by_host.values(), key=lambda h: (-h["initiated"], h["host"]))[:limit]
        for h in out:
            h["involved"] = inv.get(h["host"], h["initiated"])
            h["classes"] = dict(sorted(h["classes"].items(), key=lambda kv: (-kv[1], kv[0])))
            h["gpus"] = dict(sorted(h["gpus"].items(), key=lambda kv: (-kv[1], kv[0])))
        return {"incidents": total, "hosts": out}
