"""Computed diagnosis for fastbpe.codes-file-rejected: which readCodes check failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    "codes.find(pair) == codes.end()": (
        "a merge pair appears twice in the codes file",
        "A 'left right' pair occurs on two lines of the codes file. learnbpe pads the file with repeated "
        "count-0 pairs when asked for more merges than the corpus supports, and concatenated codes files "
        "repeat every pair.",
        "Drop the repeats keeping file order (awk '!seen[$1\" \"$2]++' codes > codes.dedup) or relearn with a smaller ncodes.",
    ),
    "reversed_codes.find(concat) == reversed_codes.end()": (
        "two merge pairs produce the same subword",
        "Two different pairs in the codes file concatenate to the same string, which fastBPE cannot invert; "
        "the file was edited or merged from two learnbpe runs.",
        "Relearn the codes in one learnbpe run instead of merging codes files.",
    ),
    "splits.size() == 3": (
        "a codes line does not have three fields 'left right count'",
        "fastBPE codes lines are 'left right count'. A subword-nmt codes file (two columns, '#version' header), "
        "a vocabulary or a line with double spaces does not split into three fields.",
        "Use codes written by fastBPE learnbpe, or apply subword-nmt codes with subword-nmt apply-bpe.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hit = _CODES.get(str(facts.get("check") or ""))
    if hit is None:
        return None
    diagnosis, text, fix = hit
    return Explanation(text=text, fix=(fix,), derived={"diagnosis": diagnosis})
