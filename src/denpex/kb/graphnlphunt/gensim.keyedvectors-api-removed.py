"""Computed diagnosis for gensim.keyedvectors-api-removed: the gensim 4 replacement for the attribute used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPL = {
    "vocab": ("key_to_index (dict word -> row) or index_to_key (list of words)",
              "model.wv.vocab -> model.wv.key_to_index; model.wv.vocab[w].index -> model.wv.key_to_index[w]; "
              "model.wv.vocab[w].count -> model.wv.get_vecattr(w, 'count')"),
    "index2word": ("index_to_key", "model.wv.index2word -> model.wv.index_to_key"),
    "index2entity": ("index_to_key", "model.wv.index2entity -> model.wv.index_to_key"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attribute") or "").strip()
    if not attr:
        return None
    new, port = _REPL.get(attr, ("the gensim 4 API", f"replace .{attr} following the migration guide"))
    text = (f"The code reads KeyedVectors.{attr}, a gensim 3.x attribute; this environment runs gensim 4, "
            f"where it is replaced by {new}.")
    fix = (f"Port the line: {port}.",
           "Or pin the 3.x API: pip install 'gensim<4' (or upgrade the library that makes the call to a gensim-4 release).")
    return Explanation(text=text, fix=fix)
