"""Computed diagnosis for spark.yarn-container-killed: how far over, which knob, physical vs virtual."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNITS = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4}


def _bytes(s: str) -> float | None:
    m = re.match(r"\s*([0-9.]+)\s*([KMGT]?)i?B", s or "")
    if not m:
        return None
    try:
        return float(m.group(1)) * _UNITS[(m.group(2) or "") + "B"]
    except (ValueError, KeyError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    used, limit = str(facts.get("used") or ""), str(facts.get("limit") or "")
    kind = str(facts.get("memory_kind") or "physical")
    key = str(facts.get("overhead_key") or "").rstrip(".")
    if not used or not limit:
        return None
    u, lim = _bytes(used), _bytes(limit)
    over = ""
    if u and lim:
        over = f" ({(u / lim - 1) * 100:+.0f}% over the limit)"
    if kind == "virtual":
        text = (f"YARN's virtual-memory check killed the container: {used} of {limit} virtual memory{over}. "
                "Virtual size counts reserved address space (Java 8, glibc arenas), not real use.")
        fix = ("Set yarn.nodemanager.vmem-check-enabled=false (or raise yarn.nodemanager.vmem-pmem-ratio) in yarn-site.xml,",
               "or boost the overhead so the physical limit (and with it the virtual one) grows.")
    else:
        if not key:
            key = "spark.executor.memoryOverhead"
        text = (f"The executor container used {used} of its {limit} physical limit{over}; the overrun is outside the "
                "Java heap (Python workers, Arrow, netty/native buffers).")
        fix_line = f"Raise {key}"
        if u and lim:
            gb = max(1, math.ceil((u - lim) / 1024**3 * 1.5 + 1))
            fix_line += f" by at least {gb} GB (e.g. --conf {key}={gb}g more than now)"
        fix = (fix_line + ", keeping executor memory + overhead under yarn.scheduler.maximum-allocation-mb.",
               "Or lower spark.executor.cores / repartition into smaller partitions; for PySpark set spark.executor.pyspark.memory.")
    return Explanation(text=text, fix=fix, derived={"memory_kind": kind})
