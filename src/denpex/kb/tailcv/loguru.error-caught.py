"""Computed diagnosis for loguru.error-caught: where the caught exception happened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    function = facts.get("function")
    process = facts.get("process") or "?"
    if not function:
        return None
    if process.startswith(("SpawnProcess", "ForkProcess", "Process-")):
        where = (f"in a worker process ({process}), i.e. one of the per-GPU processes started by a multi-GPU launch; "
                 "the other workers and the parent may hang or exit afterwards")
        fix = ("Read the last line of this worker's traceback; to see it plainly rerun on one device (YOLOX: -d 1).",)
        diagnosis = "exception in a spawned worker"
    else:
        where = f"in the main process ({process})"
        fix = ("Read the last line of the traceback below the message: that exception is what to fix.",)
        diagnosis = "exception in the main process"
    text = f"loguru caught an exception raised in function '{function}' {where}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
