"""Computed diagnosis for sentencepiece.vocab-size-too-high: how far over the corpus ceiling the request is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _round_down(n: int) -> int:
    for step in (1000, 500, 100, 50, 10):
        if n >= step * 2:
            return n - n % step
    return n


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        requested = int(facts["requested"])
        max_vocab = int(facts["max_vocab"])
    except (KeyError, TypeError, ValueError):
        return None
    if max_vocab <= 0:
        return None
    ratio = requested / max_vocab
    suggested = _round_down(max_vocab)
    if max_vocab < 1000:
        diagnosis = "tiny corpus or the wrong input"
        text = (f"The corpus supports only {max_vocab} pieces but vocab_size={requested} ({ratio:.1f}x) was requested: "
                "that is little more than the alphabet. The trainer saw very little text, or text that cannot be merged "
                "(one symbol-like token per line, a single CSV column, an exhausted iterator).")
    elif ratio >= 2:
        diagnosis = f"vocab_size {ratio:.1f}x what the corpus supports"
        text = (f"vocab_size={requested} is {ratio:.1f}x the {max_vocab} pieces this corpus can fill. Either the vocabulary "
                "is sized for a much larger corpus, or the trainer did not read all the text you meant.")
    else:
        diagnosis = f"vocab_size {requested - max_vocab} pieces over the ceiling"
        text = (f"vocab_size={requested} is {requested - max_vocab} pieces ({(ratio - 1) * 100:.0f}%) above the {max_vocab} "
                "the corpus supports: a slightly smaller vocabulary or a soft limit is enough.")
    fix = (f"Set vocab_size={suggested} (at most {max_vocab}).",
           "Or add hard_vocab_limit=False (spm_train --hard_vocab_limit=false) to make vocab_size an upper bound.",
           "For a larger vocabulary, train on more text (check the 'Loaded N sentences' line of the trainer log).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
