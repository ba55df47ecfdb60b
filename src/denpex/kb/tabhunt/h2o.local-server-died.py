"""Computed diagnosis for h2o.local-server-died: where the JVM's own log is and how large its heap was."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNITS = {"Kb": 1 / 1024 / 1024, "Mb": 1 / 1024, "Gb": 1.0, "Tb": 1024.0}


def _gb(text: str) -> float | None:
    m = re.fullmatch(r"([0-9.]+) ([KMGT]b)", text.strip())
    if not m:
        return None
    try:
        return float(m.group(1)) * _UNITS[m.group(2)]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts = ["The java process that h2o.init() started is gone; the Python client only noticed it on the next request."]
    fix: list[str] = []
    derived: dict[str, Any] = {}
    out = facts.get("jvm_stdout")
    if out:
        err = out[:-4] + ".err" if out.endswith(".out") else None
        parts.append(f"Its last words are in {out}" + (f" and {err}" if err else "") + ".")
        fix.append(f"tail -n 50 {out}" + (f" {err}" if err else "") + "  # OutOfMemoryError, hs_err crash or nothing (killed from outside)")
    free = facts.get("free_memory")
    gb = _gb(free) if isinstance(free, str) else None
    if gb is not None:
        derived["heap_gb"] = round(gb, 2)
        if gb < 4:
            derived["diagnosis"] = f"small JVM heap ({free})"
            parts.append(f"The cluster started with only {free} of free heap, little for AutoML or large frames.")
            fix.append("Restart with a larger heap: h2o.shutdown(); h2o.init(max_mem_size='8G') (or about 60-70% of free RAM).")
        else:
            derived["diagnosis"] = f"JVM died with {free} heap"
            parts.append(f"The heap was {free}: if the .out file shows no OutOfMemoryError, check whether the OS or a container "
                         "limit killed java because heap plus native memory exceeded RAM.")
            fix.append("dmesg -T | grep -i -E 'killed process|out of memory'; keep max_mem_size well below RAM/container limit.")
    else:
        derived["diagnosis"] = "local H2O JVM died"
        fix.append("Set h2o.init(max_mem_size=...) explicitly (about 60-70% of free RAM) and check dmesg for the OOM killer.")
    fix.append("Reduce AutoML max_models / max_runtime_secs and remove unused frames with h2o.remove().")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
