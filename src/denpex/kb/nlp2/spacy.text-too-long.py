"""Computed diagnosis for spacy.text-too-long: how far over the limit and what memory that means."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        length = int(facts.get("length"))
        limit = int(facts.get("max_length"))
    except (TypeError, ValueError):
        return None
    if limit <= 0:
        return None
    ratio = length / limit
    gb = length / 100_000
    chunks = math.ceil(length / limit)
    text = (f"The document has {length:,} characters, {ratio:.1f}x nlp.max_length ({limit:,}). "
            f"With the parser/NER that is roughly {gb:.0f} GB of temporary memory (about 1 GB per 100,000 characters).")
    fix = (f"Split it into at least {chunks} chunks (better: paragraphs) and run nlp.pipe(chunks).",
           f"Only without parser/NER: nlp = spacy.load(name, disable=['parser', 'ner']); nlp.max_length = {length + 1}")
    return Explanation(text=text, fix=fix, derived={"ratio": round(ratio, 2), "estimated_gb": round(gb, 1), "min_chunks": chunks})
