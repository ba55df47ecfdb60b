"""Computed diagnosis for pyspark.python-version-mismatch: which side to change, with the env lines filled in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _norm(v: Any) -> str | None:
    if not v:
        return None
    s = str(v).replace(", ", ".").strip("() ")
    parts = s.split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        return None
    return f"{parts[0]}.{parts[1]}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    w, d = _norm(facts.get("worker_version")), _norm(facts.get("driver_version"))
    if not (w and d):
        return None
    if w == d:
        return Explanation(text=f"Both sides report Python {w}: the check compares major.minor, so this message is unexpected; check that every executor uses the same interpreter.",
                           fix=(), derived={"worker_version": w, "driver_version": d})
    major = w.split(".")[0] != d.split(".")[0]
    text = (f"The executors run Python {w} but the driver runs Python {d}"
            + (" (different major version: the worker is probably the system python2)" if major else "")
            + "; PySpark needs the same major.minor on both sides.")
    fix = (
        f"Make the workers use Python {d}: export PYSPARK_PYTHON=/path/to/python{d} on every node (or .config('spark.pyspark.python', '/path/to/python{d}') before the session starts).",
        f"Or run the driver with Python {w}: create the client env with python={w} and set PYSPARK_DRIVER_PYTHON to it.",
    )
    return Explanation(text=text, fix=fix, derived={"worker_version": w, "driver_version": d})
