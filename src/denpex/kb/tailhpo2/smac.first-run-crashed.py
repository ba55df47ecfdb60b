"""Computed diagnosis for smac.first-run-crashed: read the first run's error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    info = facts.get("run_info") if isinstance(facts.get("run_info"), str) else ""
    inner = facts.get("inner_error") if isinstance(facts.get("inner_error"), str) else ""
    blob = f"{info} {inner}"
    low = blob.lower()
    if "memout" in low or "memoryerror" in low or "memory" in low and "limit" in low:
        diagnosis = "first run exceeded the memory limit"
        text = "The first run was stopped for memory (MEMOUT / MemoryError) under the runner's memory limit."
        fix = ("Raise memory_limit (SMAC 2.x Scenario(memory_limit=...), 0.x-1.x 'memory_limit') or reduce the model/data size.",)
    elif "timeout" in low or "walltime" in low:
        diagnosis = "first run hit the time limit"
        text = "The first run was stopped by the per-run time limit before it returned a cost."
        fix = ("Raise trial_walltime_limit (2.x) / cutoff (0.x-1.x) or make one evaluation cheaper.",)
    elif inner:
        m = re.match(r"([\w.]+)", inner)
        exc = m.group(1) if m else "an exception"
        diagnosis = f"target function raised {exc.rsplit('.', 1)[-1]}"
        text = f"The target function raised for the first configuration: {inner[:200]}"
        fix = ("Fix this error by calling the target function directly with the default configuration, then rerun SMAC.",)
        if "positional argument" in inner or "unexpected keyword" in inner:
            fix = ("The target function's signature does not match what the facade passes: accept (config, seed) "
                   "plus budget/instance when the facade uses them.",) + fix
    elif info.strip() in ("{}", ""):
        diagnosis = "first run crashed without details"
        text = ("SMAC recorded CRASHED for the first run but kept no error details (Additional run info is empty); "
                "the target function raised, returned a non-numeric/NaN cost, or the wrapped program failed.")
        fix = ("Call the target function once yourself with cs.get_default_configuration() to see the exception.",
               "Make it return a finite float cost.")
    else:
        diagnosis = "first run crashed"
        text = f"The first run crashed; SMAC recorded: {info[:200]}"
        fix = ("Fix the error in the run info, then rerun SMAC.",)
    detail = f" ({diagnosis})"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "detail": detail})
