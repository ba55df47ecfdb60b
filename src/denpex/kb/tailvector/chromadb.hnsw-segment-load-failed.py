"""Computed diagnosis for chromadb.hnsw-segment-load-failed: which failure the segment reader hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "")
    if not cause:
        return None
    if "Nothing found on disk" in cause:
        diagnosis = "segment files missing"
        text = ("The collection's HNSW segment folder is missing or empty in the persist directory: it was removed or never "
                "written, often by another process/client using the same directory, or by a partial copy/volume mount.")
        fix = ("Make sure only one process uses the persist directory (or run a Chroma server); restart, and if it persists "
               "re-ingest the collection.",)
    elif "loading" in cause:
        diagnosis = "segment files unreadable"
        text = ("The HNSW files exist but hnswlib could not load them: truncated or corrupt (killed during compaction, disk full, "
                "concurrent writers) or written by another chromadb version.")
        fix = ("Restore the persist directory from a backup, or delete the collection and re-ingest it with the current chromadb.",
               "Check free disk space and stop other processes writing the directory.")
    else:
        diagnosis = "segment reader could not be created"
        text = "Chroma could not build the HNSW segment reader for this collection; look for the inner cause in the server log."
        fix = ("Run a query with the Chroma server's log visible (chroma run --path DIR) to see the inner error, then rebuild the collection.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
