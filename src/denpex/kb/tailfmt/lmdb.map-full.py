"""Computed diagnosis for lmdb.map-full: which call hit the limit and the map size in readable units."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _size(raw: str) -> float | None:
    try:
        if "*" in raw:
            val = 1.0
            for part in raw.split("*"):
                val *= float(part)
            return val
        return float(raw)
    except ValueError:
        return None


def _human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{int(n)} B"
        n /= 1024
    return f"{n:.1f} TiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("operation") or "")
    if op and not op.startswith("mdb_"):
        op = "mdb_" + op
    raw = str(facts.get("map_size") or "")
    parts: list[str] = []
    if op:
        kind = "committing a transaction" if op == "mdb_txn_commit" else "writing a record"
        parts.append(f"{op} failed while {kind}")
    fix: list[str] = []
    size = _size(raw) if raw else None
    if size:
        parts.append(f"the environment was opened with map_size={raw} ({_human(size)})")
        fix.append(f"Reopen the writer with a larger map_size, e.g. {int(size * 4)} ({_human(size * 4)}) or sized from the real total bytes x 1.5.")
    else:
        fix.append("Reopen the writer with a larger map_size (sized from the real total bytes x 1.5; on Linux a 1 TiB sparse map costs nothing).")
    fix.append("Delete the partial database directory before regenerating, or catch lmdb.MapFullError and env.set_mapsize(2 * env.info()['map_size']).")
    text = ("The LMDB environment is full: " + "; ".join(parts) + "." if parts
            else "The LMDB environment reached its map_size; the failed transaction was aborted.")
    where = (op + " failed" if op else "a write failed") + (f" at map_size={raw} ({_human(size)})" if size else " at the environment's map_size")
    return Explanation(text=text, fix=tuple(fix), derived={"where": where})
