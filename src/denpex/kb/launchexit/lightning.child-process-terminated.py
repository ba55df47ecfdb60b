"""Computed diagnosis for lightning.child-process-terminated: decode the exit code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {9: "SIGKILL", 6: "SIGABRT", 11: "SIGSEGV", 15: "SIGTERM", 7: "SIGBUS", 4: "SIGILL"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["exit_code"])
    except (KeyError, TypeError, ValueError):
        return None
    rank = facts.get("local_rank")
    who = f"local rank {rank}" if rank is not None else "a DDP child"
    if code < 0:
        sig = _SIGNALS.get(-code, f"signal {-code}")
        if -code == 9:
            diagnosis = "killed by SIGKILL (likely host OOM)"
            text = (f"{who} was killed by {sig}: nothing in Python can print an error for it. On a single machine this is "
                    "almost always the kernel OOM killer because host RAM ran out.")
            fix = ("dmesg -T | grep -iE 'killed process|out of memory' | tail",
                   "Lower DataLoader num_workers per GPU or the in-memory data, or use a machine with more RAM.")
        elif -code == 6:
            diagnosis = "aborted (SIGABRT)"
            text = (f"{who} aborted: a C++ check, an uncaught native exception or the NCCL watchdog after a collective "
                    "timed out. Look for 'terminate called', 'watchdog' or 'Check failed' above.")
            fix = ("Search the log above for the abort reason of that rank.",)
        else:
            diagnosis = f"killed by {sig}"
            text = f"{who} died from {sig}; a native crash or an external kill. Its last lines above show where."
            fix = ("Enable faulthandler (PYTHONFAULTHANDLER=1) and rerun to get the native stack.",)
    else:
        diagnosis = f"exited with status {code}"
        text = (f"{who} exited with status {code}: normally an uncaught Python exception whose traceback is printed "
                "above with that rank's prefix.")
        fix = ("Find that rank's traceback above (prefix [rankN]: or the same rank) and fix it; devices=1 reproduces it without DDP.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
