"""Computed diagnosis for chromadb.record-count-mismatch: which list is short or long, and by how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("field") or "")
    try:
        count = int(facts["count"])
        ids = int(facts["ids"])
    except (KeyError, TypeError, ValueError):
        return None
    if not field:
        return None
    what = f"{count} {field} for {ids} ids"
    if count == 0:
        text = (f"{field} is an empty list while {ids} ids were given: the code passes [] when it has no {field}. "
                "Chroma reads that as zero records' worth of data.")
        fix = (f"Pass {field}=None (or leave it out) when there are none; otherwise build one entry per id.",)
    elif count < ids:
        text = (f"{ids - count} of {ids} ids have no entry in {field}: items were dropped from {field} (empty chunks, "
                "failed embeddings, filtered files) after the ids were generated.")
        fix = ("Build ids and every other list in the same loop over the final records, dropping an id together with its data.",)
    else:
        text = (f"{field} has {count - ids} more entries than there are ids ({ids}): the lists come from different steps "
                "(e.g. metadata per chunk but ids per file, or ids made before chunking).")
        fix = ("Generate ids after chunking, one per record, from the same loop that builds the other lists.",)
    return Explanation(text=text, fix=fix, derived={"what": what})
