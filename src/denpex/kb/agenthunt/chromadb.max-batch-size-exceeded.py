"""Computed diagnosis for chromadb.max-batch-size-exceeded: how many writes the data needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mx = facts.get("max_batch")
    if mx is None and facts.get("max_batch_text"):
        try:
            mx = int(str(facts["max_batch_text"]).replace(",", ""))
        except ValueError:
            mx = None
    if not isinstance(mx, int) or mx <= 0:
        return None
    batch = facts.get("batch")
    backend = "chromadb 1.x (Rust backend)" if mx == 5461 else "this chromadb build"
    if isinstance(batch, int) and batch > 0:
        n = -(-batch // mx)
        text = (f"One write carried {batch} records; {backend} accepts at most {mx} per add/upsert, "
                f"so the data needs at least {n} writes ({batch / mx:.1f}x the limit).")
        derived = {"writes_needed": n, "over_by": batch - mx}
    else:
        text = f"One write carried more than {mx} records, the most {backend} accepts per add/upsert."
        derived = {}
    step = min(mx, 5000)
    fix = (f"for i in range(0, len(ids), {step}): collection.upsert(ids=ids[i:i+{step}], embeddings=embs[i:i+{step}], "
           f"documents=docs[i:i+{step}], metadatas=metas[i:i+{step}])",
           f"LangChain: for i in range(0, len(docs), {step}): store.add_documents(docs[i:i+{step}])")
    return Explanation(text=text, fix=fix, derived=derived)
