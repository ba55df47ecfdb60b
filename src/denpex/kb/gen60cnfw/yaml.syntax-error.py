"""Computed diagnosis for yaml.syntax-error: where to look and what the specific scanner/parser message usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "mapping-values-not-allowed": "a ': ' inside an unquoted value, or a key indented under a plain value: quote the value or fix the indentation.",
    "tab-cannot-start-token": "a tab character used for indentation: replace tabs with spaces.",
    "could-not-find-expected-colon": "a key without ': ' or an unclosed quote/bracket on this or the previous line.",
    "parser-expected-block-end": "a line indented deeper or shallower than its siblings (often the line above the mark).",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    path = facts.get("file")
    line = facts.get("line")
    col = facts.get("column")
    derived: dict[str, Any] = {}
    where = ""
    if path:
        where = f" in {path}" + (f" at line {line}, column {col}" if line is not None else "")
    derived["where"] = where
    hint = _HINTS.get(sig)
    if not hint and not path:
        return None
    text = "The YAML loader stopped" + (where if where else "") + (f": {hint}" if hint else ".")
    fix: list[str] = []
    if path and line is not None:
        lo = max(int(line) - 2, 1)
        fix.append(f"sed -n '{lo},{int(line) + 1}p' \"{path}\" | cat -A   # show the lines around the mark, tabs as ^I")
        if str(path).endswith(".py"):
            text += " The file is Python, not YAML: load it with the tool's Python-config loader instead."
    fix.append("python -c \"import yaml,sys; yaml.safe_load(open(sys.argv[1]))\" <file>   # re-check after the edit")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
