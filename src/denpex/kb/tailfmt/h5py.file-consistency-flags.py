"""Computed diagnosis for h5py.file-consistency-flags: which flag blocks the open."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    state = str(facts.get("state") or "")
    if sig == "not-open-for-swmr-writing":
        return Explanation(
            text=("The reader asked for SWMR (swmr=True) but the file is not in SWMR-write mode: either its writer opened it "
                  "normally, or a writer crashed and left the plain 'open for write' flag."),
            fix=("If the writer is still running: make it set f.swmr_mode = True after creating its datasets.",
                 "If it is gone: h5clear -s file.h5, then open without swmr=True."),
            derived={"variant": " (reader wants SWMR, file not in SWMR-write mode)"},
        )
    if state:
        swmr = "SWMR" in state
        text = (f"The superblock says the file is open for {state}. Either that writer is still running, or it died "
                "without closing the file and the flag stayed set.")
        fix = ["Check for a live writer: lsof file.h5.",
               "If none: h5clear -s file.h5, then verify the contents."]
        if not swmr:
            fix.append("To read while writing, use SWMR in the writer (f.swmr_mode = True) and swmr=True in readers.")
        return Explanation(text=text, fix=tuple(fix), derived={"variant": f" (flag: open for {state})"})
    return None
