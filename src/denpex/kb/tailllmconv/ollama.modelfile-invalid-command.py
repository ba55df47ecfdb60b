"""Computed diagnosis for ollama.modelfile-invalid-command: which parser generation and which line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    allowed = facts.get("allowed")
    if not isinstance(allowed, str) or not allowed:
        return None
    words = re.findall(r'"([a-z]+)"', allowed)
    newer = "requires" in words or "renderer" in words
    line = facts.get("line")
    where = f"line {line} of the Modelfile" if line else "a line of the Modelfile (this Ollama does not print the number)"
    text = (f"The parser accepts {len(words)} instruction words ({', '.join(w.upper() for w in words)}) and {where} starts with "
            f"something else. {'Ollama 0.5+ parser.' if newer else 'Pre-2025 Ollama parser.'} If every line looks right, the "
            "file is probably UTF-16 (PowerShell >) or -f points at the .gguf itself.")
    fix = ["file Modelfile   # must be ASCII/UTF-8 text",
           "Set-Content -Encoding utf8 Modelfile 'FROM ./model.gguf'   # Windows PowerShell"]
    if line:
        fix.insert(0, f"sed -n '{line}p' Modelfile   # the offending line")
    return Explanation(text=text, fix=tuple(fix), derived={"instruction_count": len(words), "parser": "0.5+" if newer else "pre-0.5"})
