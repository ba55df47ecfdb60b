"""Computed diagnosis for pandas.csv-tokenizing-error: what the field counts say about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "c-engine-eof-in-string":
        row = facts.get("row")
        return Explanation(
            text=f"A quote opened at row {row} is never closed, so the parser read to the end of the file inside one field.",
            fix=(f"Inspect the row: sed -n '{row}p' FILE (look for a lone \" in a text field).",
                 "Read with quoting=csv.QUOTE_NONE (import csv) if the data has no real quoting, or fix/escape the quote (escapechar='\\\\')."),
            derived={"cause": "unclosed quote", "problem": f"quote opened at row {row} never closed"},
        )
    exp, line, saw = facts.get("expected_fields"), facts.get("line"), facts.get("saw_fields")
    if not all(isinstance(v, int) for v in (exp, line, saw)):
        return None
    look = f"sed -n '1p;{line}p' FILE  # header and the offending line"
    if exp == 1:
        cause = "wrong separator or not a CSV file"
        text = (f"The header/first line has a single field but line {line} has {saw}: the separator is wrong (tab/semicolon/space file "
                "read with sep=','), the file starts with preamble lines, or it is not a CSV at all (HTML page from a GitHub "
                "'blob' URL, Git LFS pointer).")
        fix = (look, "head -c 300 FILE: if it is HTML or 'version https://git-lfs', download the raw file / git lfs pull.",
               "Otherwise pass the separator (sep='\\t', sep=';', sep=None with engine='python') or skiprows=N for the preamble.")
    else:
        extra = saw - exp
        cause = "row with extra delimiters"
        text = (f"Line {line} splits into {saw} fields where the header has {exp} ({extra} extra): that row contains "
                f"{extra} unquoted separator{'s' if extra != 1 else ''} inside a value (free text, addresses, numbers with thousands separators) "
                "or was produced with a different column layout.")
        if line <= 5:
            text += " This early in the file it is more likely a header/preamble problem: the real header is further down."
        fix = (look, "Quote text fields when writing (df.to_csv does), or read with the right quotechar/escapechar.",
               "To continue without those rows: pd.read_csv(..., on_bad_lines='warn') and check how many were skipped.")
    return Explanation(text=text, fix=fix, derived={"cause": cause, "problem": f"line {line} has {saw} fields, expected {exp} ({cause})"})
