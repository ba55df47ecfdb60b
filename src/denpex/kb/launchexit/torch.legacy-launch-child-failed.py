"""Computed diagnosis for torch.legacy-launch-child-failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        status = int(facts["exit_status"])
    except (KeyError, TypeError, ValueError):
        return None
    rank = facts.get("local_rank")
    script = facts.get("script") or "the training script"
    who = f"the child with --local_rank={rank}" if rank is not None else "a child (launched with --use_env)"
    if status == 1:
        diagnosis = "child raised an exception"
        text = f"{who} running {script} exited with status 1: an uncaught Python exception, printed above the launcher traceback."
    elif status in (137, 9):
        diagnosis = "child killed (SIGKILL)"
        text = f"{who} running {script} ended with status {status}: killed by SIGKILL, usually the host OOM killer."
    else:
        diagnosis = f"child exit status {status}"
        text = f"{who} running {script} exited with status {status}; its own output above says why."
    fix = (f"Run it alone to see the error: python {script} --local_rank=0 <same args>",
           "On torch >= 1.9 prefer torchrun, which reports each rank's exit code and error.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
