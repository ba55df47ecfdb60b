"""Computed diagnosis for slurm.memory-limit-exceeded: used vs requested memory and what to request."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation


def _to_bytes(value: int, scope: str, limit: int) -> tuple[float, str]:
    """Slurm printed KiB before 18.08 and bytes since. 'StepId='/'JobId=' (20.11+) means bytes; for the
    older 'Job N'/'Step N.M' form a limit under 128 Mi is read as KiB (a job limit of <128 MiB is rare)."""
    if scope.startswith(("StepId", "JobId")):
        return float(value), "bytes"
    if limit < 2**27:
        return float(value) * 1024, "KiB"
    return float(value), "bytes"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    used, limit = facts.get("used"), facts.get("limit")
    step = facts.get("step")
    kind = str(facts.get("kind") or "memory")
    if not isinstance(used, int) or not isinstance(limit, int) or limit <= 0:
        if kind in ("job", "step"):
            return Explanation(
                text="Slurm reported that the job went over its memory request. If the job then died, request more memory; "
                     "the 'at some point' form alone (job completed) can come from page cache and is harmless.",
                fix=("sacct -j <job> -o JobID,State,ReqMem,MaxRSS  # peak vs request",),
            )
        return None
    scope = str(facts.get("scope") or "").strip()
    ub, unit = _to_bytes(used, scope, limit)
    lb, _ = _to_bytes(limit, scope, limit)
    ratio = used / limit
    need_gib = math.ceil(ub * 1.2 / 1024**3)
    what = "virtual memory (VSZ)" if kind == "virtual memory" else "resident memory"
    text = (f"{step or 'The step'} used {fmt_bytes(ub)} of {what} against a limit of {fmt_bytes(lb)} "
            f"({ratio:.1f}x the request; numbers read as {unit}), so Slurm killed it. The program itself did not fail.")
    fix = [f"#SBATCH --mem={need_gib}G   # peak {fmt_bytes(ub)} + 20%, per node (or --mem=0 for a whole node where allowed)"]
    if kind == "virtual memory":
        fix.insert(0, "The kill is on virtual size (VSizeFactor): CUDA and JAX reserve large virtual ranges; ask the admins, or set a larger --mem.")
    if ratio >= 2:
        fix.append("Usage is well above the request: check DataLoader num_workers (RSS of forked workers is summed) and whole-dataset loads.")
    fix.append(f"sacct -j {str(step).split('.')[0] if step else '<job>'} -o JobID,State,ReqMem,MaxRSS")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"used_bytes": int(ub), "limit_bytes": int(lb), "over_ratio": round(ratio, 2), "unit": unit,
                                "suggested_mem_gib": need_gib})
