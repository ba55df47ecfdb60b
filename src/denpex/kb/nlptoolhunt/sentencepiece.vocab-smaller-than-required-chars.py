"""Computed diagnosis for sentencepiece.vocab-smaller-than-required-chars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        vocab = int(facts["vocab_size"])
        required = int(facts["required"])
    except (KeyError, TypeError, ValueError):
        return None
    if vocab == required:
        diagnosis = "off-by-one of pre-2019 sentencepiece"
        text = (f"Both numbers are {vocab}: old sentencepiece releases required strictly more pieces than characters "
                "plus meta pieces (fixed early 2019).")
        fix = ("Upgrade sentencepiece (pip install -U sentencepiece), or use vocab_size=%d." % (vocab + 1),)
    else:
        over = required - vocab
        suggested = max(required * 2, required + 1000)
        if required >= 5000:
            diagnosis = f"alphabet of ~{required} characters (CJK or noisy corpus)"
            text = (f"The characters to keep plus meta pieces number {required}, {over} more than vocab_size={vocab}: "
                    "a CJK or mixed-script corpus, or noise, at a high character_coverage.")
        else:
            diagnosis = f"vocab_size {vocab} below the {required} required characters"
            text = (f"vocab_size={vocab} cannot even hold the {required} characters and meta pieces the corpus needs "
                    f"({over} short).")
        fix = (f"Raise vocab_size well above {required} (e.g. {suggested}) to leave room for subwords.",
               "Or lower character_coverage (0.9995 for CJK) and add byte_fallback=True so rare characters become bytes.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
