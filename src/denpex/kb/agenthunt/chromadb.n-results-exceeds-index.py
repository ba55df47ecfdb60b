"""Computed diagnosis for chromadb.n-results-exceeds-index: benign clamp or a nearly empty index."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req, avail = facts.get("requested"), facts.get("available")
    if not isinstance(req, int) or not isinstance(avail, int):
        return None
    raised = facts.get("_signature") == "not-enough-elements"
    head = (f"The query asked for {req} results but the collection holds {avail}: chromadb 0.3 raises here."
            if raised else f"The query asked for {req} results; Chroma clamped it to the {avail} stored element(s).")
    if avail <= 2:
        text = head + (" An index with only that many chunks usually means ingestion stored far less than intended "
                       "(empty or wrong input path, one giant chunk, or the app reads another collection/persist directory).")
        fix = ("print the number of chunks your loader/splitter produced and collection.count() after ingestion",
               "check that writing and querying use the same persist_directory and collection_name")
        diag = "nearly empty collection"
    else:
        text = head + (" Harmless when the corpus really is this small." if not raised else "")
        fix = (f"lower k to at most {avail} (as_retriever(search_kwargs={{'k': {min(avail, 4)}}}))",)
        diag = "k larger than the collection"
    if raised:
        fix = fix + ("upgrade chromadb to 0.4+ (clamps instead of raising)",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
