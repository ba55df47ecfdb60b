"""Computed diagnosis for gensim.train-counts-required: which argument the pre-2.0 call left out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "epochs-required":
        missing = "epochs= (epochs=model.epochs)"
        call = "model.train(corpus, total_examples=model.corpus_count, epochs=model.epochs)"
    else:
        missing = "the corpus size (total_examples=model.corpus_count)"
        call = "model.train(corpus, total_examples=model.corpus_count, epochs=model.epochs)"
    text = (f"This train() call leaves out {missing}: it was written for gensim before 2.0, where train() needed "
            "neither. The model cached both when build_vocab() ran.")
    return Explanation(text=text, fix=(call,), derived={"missing": missing})
