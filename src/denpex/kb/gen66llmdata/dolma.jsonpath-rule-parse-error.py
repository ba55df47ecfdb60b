"""Computed diagnosis for dolma.jsonpath-rule-parse-error: which selector and what it should be."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rule = str(facts.get("rule") or "").strip()
    rust_file = str(facts.get("rust_file") or "")
    where = ""
    if "dedup" in rust_file:
        where = " (a dedupe key)"
    elif rust_file:
        where = f" (in {rust_file})"
    fix: list[str] = []
    if rule and not rule.startswith("$"):
        suggestion = "$." + rule.lstrip(".")
        text = (f"'{rule}' is a plain field path; dolma reads it as JSONPath, which must start at the root $. "
                f"Use '{suggestion}'.")
        fix.append(f"Pass '{suggestion}' (single-quoted in the shell so $ is not expanded).")
    elif rule:
        text = f"The JSONPath '{rule}' does not parse; dolma's parser rejects its syntax."
        fix.append("Simplify the expression and test it on one document; copy the syntax of the shipped dolma configs.")
    else:
        text = "A dolma key or filter is not valid JSONPath; the quoted rule is under 'Failed to parse rule'."
        fix.append("Write keys and filters as JSONPath rooted at $ ($.text, $.metadata.id).")
    return Explanation(text=text, fix=tuple(fix), derived={"where": where})
