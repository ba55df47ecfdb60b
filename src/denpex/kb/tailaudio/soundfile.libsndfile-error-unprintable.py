"""Computed diagnosis for soundfile.libsndfile-error-unprintable: where the message was lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    opaque = facts.get("opaque")
    if not opaque:
        return None
    in_worker = bool(facts.get("in_worker"))
    worker = facts.get("worker")
    if in_worker:
        who = f"DataLoader worker {worker}" if worker is not None else "a DataLoader worker"
        where = f" in {who}"
        text = (f"libsndfile failed on one audio file while {who} loaded a sample; PyTorch re-created the "
                "LibsndfileError from the traceback text in the main process, and printing it failed "
                f"('<{opaque}>'), so the path and reason are not shown.")
        fix = ("Run once with num_workers=0: the same file then fails with 'Error opening <path>: <reason>'.",
               "Check every path of the file list with soundfile.info(path) and re-export or drop the files that fail.")
    else:
        where = ""
        text = (f"A LibsndfileError could not print itself ('<{opaque}>'): it was re-created from a string "
                "(typically by a DataLoader worker re-raise or a wrapper), which soundfile reads as an error code.")
        fix = ("Reproduce the read outside the wrapper (num_workers=0, or sf.read(path) in a loop over the file list) to see the path and reason.",)
    return Explanation(text=text, fix=fix, derived={"where": where})
