"""Computed diagnosis for h5py.truncated-file: how much of the HDF5 file is missing and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes as _human
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    eof, stored = facts.get("eof"), facts.get("stored_eof")
    if not isinstance(eof, int) or not isinstance(stored, int) or stored <= 0:
        return None
    missing = stored - eof
    pct = 100.0 * eof / stored
    have, want = _human(eof), _human(stored)
    text = (f"The file has {have} ({eof} bytes) on disk but its superblock says it ends at {want} ({stored} bytes): "
            f"{_human(max(missing, 0))} ({100 - pct:.1f}%) are missing.")
    if eof <= 4096 and stored <= 65536:
        cause = "writer never closed the file"
        text += (" A file of only a few hundred bytes is an HDF5 file that was created but never flushed or closed: "
                 "the writing process crashed, was killed, or is still running.")
        fix = ("Re-run the step that writes this file to completion (use 'with h5py.File(path, \"w\") as f:'), "
               "and do not read it while another process writes it.",)
    else:
        cause = "incomplete download or copy"
        text += f" Only {pct:.1f}% of the file arrived: an interrupted download or copy, or a disk that filled up."
        fix = (f"Delete the file and fetch it again; check that its size is {stored} bytes (ls -l) or that its checksum matches.",
               "Check free space / quota on the target filesystem (df -h .) before copying again.")
    return Explanation(text=text, fix=fix,
                       derived={"eof_human": have, "stored_eof_human": want, "missing_bytes": missing, "cause": cause})
