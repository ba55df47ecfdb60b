"""Computed diagnosis for lmdb.map-size-exceeds-disk: the map size in readable units."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _bytes(raw: str) -> float | None:
    try:
        val = 1.0
        for part in raw.split("*"):
            val *= float(part)
        return val
    except ValueError:
        return None


def _human(n: float) -> str:
    units = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")
    i = 0
    while n >= 1024 and i < len(units) - 1:
        n /= 1024
        i += 1
    return f"{n:.2f} {units[i]}".replace(".00 ", " ")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("map_size") or "")
    path = str(facts.get("path") or "")
    where = f" for '{path}'" if path else ""
    size = _bytes(raw) if raw else None
    fix = ["Pass a map_size that fits the drive, about 1.5x the bytes you will write (e.g. map_size=4 * 1024**3 for a few GB of images).",
           "Or create the LMDB on Linux/WSL2, where a large map is a sparse file."]
    if size:
        text = (f"lmdb.open{where} asked Windows to preallocate map_size={raw} ({_human(size)}); "
                "the drive has less free space, so the environment cannot be created.")
        return Explanation(text=text, fix=tuple(fix), derived={"size": f"map_size={raw}, {_human(size)}"})
    if raw:
        text = f"lmdb.open{where} used map_size={raw}, larger than the free space on the drive (Windows preallocates the whole map)."
        return Explanation(text=text, fix=tuple(fix), derived={"size": f"map_size={raw}"})
    return Explanation(text=f"lmdb.open{where} failed: Windows preallocates the whole map_size and the drive is too small.",
                       fix=tuple(fix), derived={"size": "map_size not shown in the log"})
