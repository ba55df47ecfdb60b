"""Computed diagnosis for lightrag.document-processing-failed: classify the reason LightRAG logged."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OOB = re.compile(r"index (\d+) is out of bounds for axis 0 with size (\d+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    m = _OOB.search(reason)
    low = reason.lower()
    if m:
        diagnosis = f"the embedding function returned {m.group(2)} vectors for more texts than that"
        text = (f"LightRAG paired texts with rows of the embedding matrix and ran past row {m.group(2)}: the embedding "
                "function returned fewer vectors than inputs (a batch dropped, merged or truncated).")
        fix = ("Make the embedding function return one vector per input text, in order; lower embedding_batch_num.",)
    elif "timeout" in low or "timed out" in low:
        diagnosis = f"an LLM or embedding call timed out ({reason})"
        text = "A model call timed out while the document was processed."
        fix = ("Lower llm_model_max_async / embedding_func_max_async and raise the request timeout.",)
    else:
        diagnosis = reason or "see the reason in the log line"
        text = f"LightRAG's pipeline raised '{reason}' for this document and marked it FAILED."
        fix = ()
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
