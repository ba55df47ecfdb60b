"""Computed diagnosis for spark.max-result-size: bytes per task, many-tasks vs big-result, new limit."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def _bytes(s: str) -> float | None:
    m = re.match(r"\s*([0-9.]+)\s*([KMGT]?)i?B", s or "")
    if not m:
        return None
    try:
        return float(m.group(1)) * _UNITS[m.group(2)]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    size, limit = str(facts.get("size") or ""), str(facts.get("limit") or "")
    b, lim = _bytes(size), _bytes(limit)
    try:
        tasks = int(facts.get("tasks") or 0)
    except (TypeError, ValueError):
        tasks = 0
    if not b or not lim or tasks <= 0:
        return None
    per_task = b / tasks
    per_task_s = f"{per_task / 1024**2:.1f} MB" if per_task >= 1024**2 else f"{per_task / 1024:.0f} KB"
    new_gb = max(2, math.ceil(b * 1.5 / 1024**3))
    if tasks >= 5000 and per_task < 1024**2:
        text = (f"{tasks} tasks returned {size} in total, only {per_task_s} each: the limit {limit} is hit by the sheer "
                "number of task results (metrics/accumulators or small partial results), not by one big collect.")
        fix = (f"Coalesce to fewer partitions before the action (e.g. df.coalesce({max(200, tasks // 20)})) or lower "
               "spark.sql.shuffle.partitions,",
               f"or raise --conf spark.driver.maxResultSize={new_gb}g with spark.driver.memory above it.")
    else:
        text = (f"The action sent {size} from {tasks} tasks ({per_task_s} per task) to the driver, over the "
                f"spark.driver.maxResultSize limit of {limit}: the result itself is too big to collect.")
        fix = ("Write the result out (df.write.parquet) or aggregate on the cluster instead of collect()/toPandas();",
               f"if it must come to the driver: --conf spark.driver.maxResultSize={new_gb}g --conf spark.driver.memory={new_gb * 2}g.")
    return Explanation(text=text, fix=fix, derived={"bytes_per_task": int(per_task)})
