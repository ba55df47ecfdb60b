"""Computed diagnosis for gensim.key-not-in-vocabulary: why this particular key may be missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if key is None:
        return None
    key = str(key)
    hints = []
    fix = [f"Guard the lookup: model.wv['{key}'] only if '{key}' in model.wv (skip or back off otherwise)."]
    if key == "":
        hints.append("The key is an empty string: the tokenizer produced empty tokens.")
        fix.append("Drop empty tokens before the lookup.")
    if " " in key.strip():
        hints.append("The key contains spaces: phrase vectors (GoogleNews, Phrases) join words with underscores.")
        fix.append(f"Try '{key.strip().replace(' ', '_')}' or look up the words one by one.")
    if key != key.lower():
        hints.append("The key has uppercase letters: a lowercased vocabulary will not contain it.")
        fix.append(f"Try '{key.lower()}' (normalise keys like the training corpus).")
    if key != key.strip():
        hints.append("The key has leading/trailing whitespace.")
    if len(key) > 1 and not hints:
        hints.append("If the word is in your training text, it was probably pruned by min_count (default 5) "
                     "or the sentences were not tokenised into word lists.")
        fix.append("Train with min_count=1 on small corpora, or use FastText vectors for unseen words.")
    text = f"The vectors have no entry for '{key}'. " + " ".join(hints)
    return Explanation(text=text.strip(), fix=tuple(fix), derived={})
