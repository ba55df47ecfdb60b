"""Computed diagnosis for subword-nmt.invalid-bpe-codes-line: what kind of line the codes file holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if "codes_line" not in facts:
        return None
    line = str(facts.get("codes_line") or "")
    fields = line.split()
    where = f"line {facts['line_no']}" if facts.get("line_no") is not None else "a line"
    if len(fields) == 3 and fields[2].isdigit():
        diagnosis = "fastBPE codes (pair + count) read by subword-nmt"
        text = (f"{where} is '{line}': a merge pair followed by its count {fields[2]}. That is the fastBPE codes format "
                "(as in fairseq's WMT19 bpecodes), not subword-nmt's two-column format.")
        fix = ("fairseq: use bpe='fastbpe' (pip install fastBPE) with these bpecodes.",
               "Or convert: cut -d' ' -f1,2 bpecodes > bpecodes.snmt and pass that to subword-nmt.")
    elif len(fields) == 1 and ("/" in fields[0] or "\\" in fields[0] or "." in fields[0]):
        diagnosis = "the codes file holds a path/file name, not merges"
        text = (f"{where} is '{line}', which looks like a file name: the file passed as codes contains a path "
                "(e.g. echo path >> file instead of cat path >> file) or is not a codes file.")
        fix = ("Pass the file written by subword-nmt learn-bpe -o <codes> directly (-c <codes>).",)
    elif len(fields) <= 1:
        diagnosis = "one-symbol or empty line: not a subword-nmt codes file"
        shown = f"'{line}'" if line else "empty"
        text = (f"{where} is {shown}: a merge line needs two symbols. The file is a vocabulary or other text, or a "
                "whitespace-like symbol (U+2028, non-breaking space) split a pair in an older subword-nmt.")
        fix = ("Check the file given with -c/--codes is the learn-bpe output.",
               "If subword-nmt wrote it itself: pip install -U subword-nmt.")
    else:
        diagnosis = f"{len(fields)} fields on one line"
        text = f"{where} is '{line}' with {len(fields)} fields; subword-nmt needs exactly two per merge."
        fix = ("Find the tool that wrote the file; awk 'NR>1 && NF!=2' codes lists every bad line.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
