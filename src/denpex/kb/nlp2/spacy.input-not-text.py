"""Computed diagnosis for spacy.input-not-text: what the received type means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = str(facts.get("got_type") or "").replace("<class '", "").replace("'>", "").strip()
    if not got:
        return None
    if got in ("float", "numpy.float64", "float64"):
        text = f"nlp() received a {got}: almost always a missing value (NaN) in a pandas text column."
        fix = ("df['text'] = df['text'].fillna('').astype(str)   # or df.dropna(subset=['text'])",
               "then docs = list(nlp.pipe(df['text']))")
    elif got in ("list", "tuple", "pandas.core.series.Series", "numpy.ndarray"):
        text = f"nlp() received a {got}: a collection of texts or tokens was passed where one string is expected."
        fix = ("Many texts: docs = list(nlp.pipe(texts))", "Tokens of one text: nlp(' '.join(tokens)) or Doc(nlp.vocab, words=tokens)")
    elif got == "NoneType":
        text = "nlp() received None: an earlier cleaning step returned nothing for some rows."
        fix = ("Make the cleaning function return a string for every row (e.g. '' instead of None).",)
    elif got in ("int", "numpy.int64", "bool"):
        text = f"nlp() received a {got}: a numeric cell/column was passed as text."
        fix = ("Cast the column to str first: df['text'].astype(str)",)
    else:
        text = f"nlp() received {got}; spaCy 3 accepts only str, Doc or (3.3+) Doc bytes."
        fix = ("Convert the input to str (or pass the .text of the object).",)
    return Explanation(text=text, fix=fix, derived={"input_type": got})
