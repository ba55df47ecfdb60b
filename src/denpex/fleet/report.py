"""``denpex fleet report``: what the scanned jobs say together.

- recurring failure groups (the history's fingerprints) across jobs: incidents, jobs, first/last
  seen, the hosts that initiated them, the fix when the group was solved;
- bad nodes and GPUs: per host, the jobs it ran in (every scanned job, clean ones too) and the
  incidents it initiated, by class. Each (host, class) is tested against the fleet's base rate with
  an exact one-sided binomial test: under "this host is like the others", the number of its jobs
  it initiated a class-c failure in is Binomial(n_h, p_c), where p_c is the rate of class-c
  initiations per host-job everywhere else (the host itself left out, so a bad node does not
  raise its own bar). The p-values are Holm-corrected over every host and class tested, and a host
  is called bad only when its corrected p-value is below ``alpha`` (0.01) and it initiated that
  class in at least two different jobs: one unlucky job does not condemn a node;
- the failure rate over time by class (day, week or month buckets by the span);
- the fixes of solved groups, by how many of the fleet's incidents they cover.

The binomial tail is computed exactly here (log-space sum of the pmf): fifteen lines, where scipy
would add a large dependency for one function.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any

ALPHA = 0.01
MIN_JOBS = 2
TOP_CLASSES = 6


def binom_sf(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), exact."""
    if k <= 0:
        return 1.0
    if k > n or p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * lp + (n - i) * lq for i in range(k, n + 1)]
    top = max(logs)
    return min(1.0, math.exp(top) * sum(math.exp(x - top) for x in logs))


def holm(pvalues: list[float], m: int | None = None) -> list[float]:
    """Holm-Bonferroni adjusted p-values (``m``: the number of hypotheses, at least len(pvalues))."""
    m = max(m or 0, len(pvalues))
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    out = [1.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def _bucket(span_days: float) -> str:
    return "day" if span_days <= 62 else "week" if span_days <= 730 else "month"


def _bucket_start(ts: str, bucket: str) -> str:
    d = datetime.fromisoformat(ts.replace("Z", "+00:00")).date()
    if bucket == "week":
        d = d - timedelta(days=d.weekday())
    elif bucket == "month":
        d = d.replace(day=1)
    return d.isoformat()


def build_report(store: Any, since: str | None = None, alpha: float = ALPHA) -> dict[str, Any]:
    """The fleet report from the history ``store`` (``since``: a stored time, jobs that ended since)."""
    where, params = "WHERE j.counted = 1", {}
    if since:
        where += " AND j.ended_at >= :since"
        params["since"] = since
    with store.db.read() as c:
        jobs = c.all(f"SELECT j.job, j.hosts, j.ended_at, j.status, j.failure_id, j.incident_id, j.bytes FROM fleet_jobs j {where}", params)
        incidents = c.all(
            f"SELECT i.id, i.fingerprint, i.failure_id, i.title, i.created_at, i.initiating_host, j.job "
            f"FROM fleet_jobs j JOIN incidents i ON i.id = j.incident_id {where}", params,
        )
        nodes = c.all(
            f"SELECT n.incident_id, n.host, n.gpu, n.cls FROM fleet_jobs j JOIN incident_nodes n ON n.incident_id = j.incident_id "
            f"{where} AND n.host IS NOT NULL AND n.role IN ('initiating', 'suspect')", params,
        )
        groups_meta = {g["fingerprint"]: g for g in c.all("SELECT fingerprint, title, resolved_at, fix, note FROM incident_groups")}
        errors = int(c.scalar("SELECT count(*) FROM fleet_jobs WHERE status = 'error'") or 0)
    failed = [j for j in jobs if j["status"] == "failed"]
    out: dict[str, Any] = {
        "since": since, "jobs": len(jobs), "failed": len(failed), "errors": errors,
        "failure_rate": round(len(failed) / len(jobs), 4) if jobs else None,
        "bytes": sum(int(j["bytes"] or 0) for j in jobs),
    }
    out["groups"] = _groups(incidents, groups_meta)
    out["nodes"] = _nodes(jobs, nodes, alpha)
    out["rate"] = _rate(jobs)
    out["fixes"] = [
        {"failure_id": g["failure_id"], "title": g["title"], "fix": g["resolved"]["fix"], "note": g["resolved"]["note"],
         "resolved_at": g["resolved"]["at"], "incidents": g["incidents"], "jobs": g["jobs"]}
        for g in out["groups"] if g["resolved"]
    ]
    return out


def _groups(incidents: list[dict[str, Any]], meta: dict[str, Any]) -> list[dict[str, Any]]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for i in incidents:
        by[i["fingerprint"]].append(i)
    out = []
    for fp, rows in by.items():
        g = meta.get(fp) or {}
        hosts = Counter(r["initiating_host"] for r in rows if r["initiating_host"])
        out.append({
            "fingerprint": fp, "failure_id": rows[0]["failure_id"], "title": g.get("title") or rows[0]["title"],
            "incidents": len(rows), "jobs": len({r["job"] for r in rows}),
            "first_seen": min(r["created_at"] for r in rows), "last_seen": max(r["created_at"] for r in rows),
            "hosts": dict(hosts.most_common(10)), "recurring": len({r["job"] for r in rows}) >= 2,
            "resolved": {"at": g["resolved_at"], "fix": g["fix"], "note": g["note"]} if g.get("resolved_at") else None,
            "last_incident": max(r["id"] for r in rows),
        })
    out.sort(key=lambda g: (-g["incidents"], g["failure_id"]))
    return out


def _nodes(jobs: list[dict[str, Any]], nodes: list[dict[str, Any]], alpha: float) -> dict[str, Any]:
    ran: Counter[str] = Counter()
    for j in jobs:
        for h in json.loads(j["hosts"] or "[]"):
            ran[h] += 1
    # an incident counts once per host and class (several GPUs of one host in one incident: one)
    init: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    gpus: dict[str, Counter[str]] = defaultdict(Counter)
    for n in nodes:
        init[n["host"]][n["cls"]].add(n["incident_id"])
        init[n["host"]]["*"].add(n["incident_id"])
        if n["gpu"]:
            gpus[n["host"]][n["gpu"]] += 1
        ran[n["host"]] = max(ran[n["host"]], 1)  # a host that initiated ran in that job
    total_runs = sum(ran.values())
    classes = sorted({c for by in init.values() for c in by})
    total_by_class = {c: sum(len(init[h].get(c, ())) for h in init) for c in classes}
    tests: list[tuple[str, str, int, int, float, float]] = []  # host, class, k, n, p0, p-value
    for h, by in init.items():
        n = ran[h]
        rest_runs = total_runs - n
        for c, ids in by.items():
            k = len(ids)
            rest = total_by_class[c] - k
            # never seen anywhere else: as if half an occurrence had been (a zero rate proves too much)
            p0 = max(rest, 0.5) / rest_runs if rest_runs > 0 else 1.0
            tests.append((h, c, k, n, p0, binom_sf(k, n, min(p0, 1.0))))
    m = max(len(tests), len(ran) * len(classes))
    adjusted = holm([t[5] for t in tests], m)
    best: dict[str, dict[str, Any]] = {}
    for (h, c, k, n, p0, pv), padj in zip(tests, adjusted):
        cur = best.get(h)
        if cur is None or (padj, -k) < (cur["p_adjusted"], -cur["initiated_class"]):
            best[h] = {"cls": "any" if c == "*" else c, "initiated_class": k, "expected": round(n * p0, 3),
                       "p_value": pv, "p_adjusted": padj}
    hosts = []
    for h, by in init.items():
        t = best[h]
        hosts.append({
            "host": h, "jobs": ran[h], "initiated": len(by["*"]),
            "rate": round(len(by["*"]) / ran[h], 4) if ran[h] else None,
            "classes": {c: len(ids) for c, ids in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])) if c != "*"},
            "gpus": dict(gpus[h].most_common(8)),
            "test_class": t["cls"], "initiated_in_class": t["initiated_class"], "expected": t["expected"],
            "p_value": t["p_value"], "p_adjusted": t["p_adjusted"],
            "bad": t["p_adjusted"] < alpha and t["initiated_class"] >= MIN_JOBS,
        })
    hosts.sort(key=lambda x: (not x["bad"], x["p_adjusted"], -x["initiated"], x["host"]))
    initiated_total = len({i for by in init.values() for i in by["*"]})
    return {
        "alpha": alpha, "min_jobs": MIN_JOBS, "tests": m, "hosts_seen": len(ran), "host_jobs": total_runs,
        "base_rate": round(initiated_total / total_runs, 5) if total_runs else None,
        "hosts": hosts, "bad": [h["host"] for h in hosts if h["bad"]],
    }


def _rate(jobs: list[dict[str, Any]]) -> dict[str, Any]:
    if not jobs:
        return {"bucket": "day", "classes": [], "rows": []}
    stamps = sorted(j["ended_at"] for j in jobs)
    span = (datetime.fromisoformat(stamps[-1].replace("Z", "+00:00")) - datetime.fromisoformat(stamps[0].replace("Z", "+00:00"))).days
    bucket = _bucket(span)
    top = [c for c, _ in Counter(j["failure_id"] for j in jobs if j["status"] == "failed").most_common(TOP_CLASSES)]
    rows: dict[str, dict[str, Any]] = {}
    for j in jobs:
        b = rows.setdefault(_bucket_start(j["ended_at"], bucket), {"jobs": 0, "failed": 0, "by_class": Counter()})
        b["jobs"] += 1
        if j["status"] == "failed":
            b["failed"] += 1
            b["by_class"][j["failure_id"] if j["failure_id"] in top else "other"] += 1
    classes = top + (["other"] if any(r["by_class"].get("other") for r in rows.values()) else [])
    return {
        "bucket": bucket, "classes": classes,
        "rows": [{"start": k, "jobs": v["jobs"], "failed": v["failed"], "rate": round(v["failed"] / v["jobs"], 4),
                  "by_class": dict(v["by_class"])} for k, v in sorted(rows.items())],
    }


def empty_report() -> dict[str, Any]:
    """The report of a history with nothing scanned (no database yet)."""
    return {
        "since": None, "jobs": 0, "failed": 0, "errors": 0, "failure_rate": None, "bytes": 0, "groups": [],
        "nodes": {"alpha": ALPHA, "min_jobs": MIN_JOBS, "tests": 0, "hosts_seen": 0, "host_jobs": 0, "base_rate": None,
                  "hosts": [], "bad": []},
        "rate": {"bucket": "day", "classes": [], "rows": []}, "fixes": [],
    }
