"""Computed diagnosis for opennmt.vocab-line-unpack: which vocab file and the check to run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("got") is None:
        return None
    side = str(facts.get("side") or "")
    path = str(facts.get("vocab_path") or "")
    target = path or (f"the {side} vocab" if side else "the src/tgt vocab")
    got = int(facts["got"])
    if got == 0:
        diagnosis = "empty line in a counted vocab"
        text = f"A line of {target} is empty after stripping while the file carries counts."
    else:
        diagnosis = "vocab line with one field (whitespace token or missing count)"
        text = (f"A line of {target} has one field: its token is a Unicode space that strip()/split() removed "
                "(U+3000, U+00A0, U+2028 ...) or the count is missing.")
    check = f"python -c \"import sys; [print(i, repr(l)) for i, l in enumerate(open(sys.argv[1], encoding='utf-8')) if len(l.split()) != 2]\" {path or '<vocab>'}"
    fix = (check, "Drop those lines (or normalise the spaces in the corpus and rerun onmt_build_vocab).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
