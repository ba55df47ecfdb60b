"""Computed diagnosis for gensim.vocabulary-not-built: why the vocabulary ended up empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    min_count = str(facts.get("min_count") or "")
    word_types = str(facts.get("word_types") or "")
    if sig == "finalize-vocab-first":
        cause = "the vocabulary was built by hand and never finalized (gensim 0.12-0.13)"
        text = ("The model has a vocabulary but no weights: it was filled by hand (or loaded) and the step that "
                "allocates the weights never ran. Build it with build_vocab(corpus) instead.")
        fix = ("model.build_vocab(corpus); model.train(corpus, total_examples=model.corpus_count, epochs=model.epochs)",)
    elif sig == "initialize-vectors-first":
        cause = "the vocabulary exists but its vectors were never allocated"
        text = ("The vocabulary holds words but the weight matrix is empty: it was set or loaded without the weight "
                "allocation that build_vocab() performs.")
        fix = ("Build the vocabulary with model.build_vocab(corpus) (or build_vocab_from_freq) rather than assigning it by hand.",)
    elif word_types == "0":
        cause = "the corpus reached gensim empty (0 word types collected)"
        text = ("build_vocab() collected 0 word types from 0 raw words: no text reached gensim. The corpus is empty on "
                "this pass: a generator already consumed, an empty file or path, or preprocessing removed every token.")
        fix = ("Pass a restartable iterable (a list of token lists or LineSentence(path)) and check len(list(corpus)) > 0 before training.",)
    elif min_count:
        cause = f"min_count={min_count} dropped every word"
        text = (f"build_vocab() counted the words but min_count={min_count} kept none of them: no word occurs "
                f"{min_count} times in this corpus.")
        fix = (f"Lower min_count below {min_count} (min_count=1 for toy corpora) or train on more text.",)
    else:
        cause = "build_vocab() never ran or kept no word"
        text = ("train() found an empty vocabulary: build_vocab() was not called, or it kept no word because the "
                "corpus was empty on that pass or min_count removed everything. The INFO lines of build_vocab tell which.")
        fix = ("Call model.build_vocab(corpus) first, with min_count low enough for the corpus size.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
