"""Computed diagnosis for chromadb.duplicate-ids: what the colliding id says about how ids are generated."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    first = str(facts.get("first_id") or "").rstrip(".")
    op = facts.get("op")
    n = facts.get("n_dups")
    if not first and not op and not n:
        return None
    how = f"{n} ids" if isinstance(n, int) else "at least one id"
    call = f"one {op}() call" if op else "one write"
    parts = [f"{how} occur more than once in {call}" + (f" (e.g. '{first}')" if first else "") + "; Chroma refuses the whole batch."]
    if re.fullmatch(r"(?:[a-z]+_)?[0-9a-f]{12,64}", first):
        parts.append("The id looks like a content hash: identical chunks (repeated headers, footers, boilerplate, empty pages) hash to the same id.")
        fix = ("hash the source path and position together with the text, or use uuid4 ids",
               "or drop duplicate chunks: uniq = dict(zip(ids, zip(docs, metas, embs)))")
    elif re.search(r"[_:]\d+$", first):
        parts.append("The id ends in an index: it probably restarts per page/section/file, so different pages produce the same id.")
        fix = ("use a global chunk counter (or include the page number) in the id",)
    else:
        parts.append("The id is a name or key that legitimately occurs twice in the input.")
        fix = ("add the source location (file, line/page, counter) to the id",)
    return Explanation(text=" ".join(parts), fix=fix, derived={"operation": op or "write"})
