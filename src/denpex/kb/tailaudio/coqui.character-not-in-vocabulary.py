"""Computed diagnosis for coqui.character-not-in-vocabulary: which characters, and what kind."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOOKALIKE = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u00a0": " "}


def _strip(ch: str) -> str:
    ch = ch.strip()
    if len(ch) >= 2 and ch[0] == ch[-1] and ch[0] in "'\"":
        ch = ch[1:-1]
    return ch


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("char")
    if raw is None:
        return None
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    chars: list[str] = []
    for it in items:
        c = _strip(str(it))
        if c and c not in chars:
            chars.append(c)
    if not chars:
        return None
    kinds = []
    notes = []
    for c in chars[:12]:
        if c in _LOOKALIKE:
            notes.append(f"{c!r} is a typographic variant of {_LOOKALIKE[c]!r}")
            kinds.append("punct")
        elif c.isdigit():
            kinds.append("digit")
        elif any(unicodedata.combining(x) for x in c) or unicodedata.normalize("NFC", c) != c:
            notes.append(f"{c!r} is in decomposed form (NFC gives {unicodedata.normalize('NFC', c)!r})")
            kinds.append("form")
        elif c.isalpha():
            kinds.append("letter")
        else:
            kinds.append("symbol")
    dropped = " ".join(chars[:12]) + (f" (+{len(chars) - 12} more)" if len(chars) > 12 else "")
    letters = kinds.count("letter")
    if letters >= 3:
        text = (f"{len(chars)} distinct characters were dropped, {letters} of them letters: the text's language/script "
                "is not covered by this model's character set.")
        fix = ("Use a model trained for this language, or train with a character/phoneme set generated from your corpus.",)
    else:
        text = f"The tokenizer dropped: {dropped}."
        fix = ("Normalize the input (unicodedata.normalize('NFC', text), plain quotes/apostrophes, numbers spelled out).",)
    if notes:
        text += " " + "; ".join(notes) + "."
    return Explanation(text=text, fix=fix, derived={"dropped": dropped})
