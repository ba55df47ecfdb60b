"""Computed diagnosis for faiss.dimension-mismatch: which index operation saw the wrong width."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("operation") or "")
    name = op.replace("replacement_", "") if op else ""
    if name.startswith("search") or name.startswith("range_search"):
        text = ("The query vectors have another width than the index: the query encoder is not the one that built the index, "
                "or the query is not shaped (n, d).")
        fix = ("Encode queries with the model that built the index (or rebuild the index with the new model).",
               "Pass queries as float32 arrays of shape (n, index.d): np.asarray(q, dtype='float32').reshape(1, -1).")
    elif name.startswith("add") or name.startswith("train"):
        text = ("The vectors being added/trained on have another width than the index was created with: the index dimension "
                "is hard-coded or belongs to another embedding model.")
        fix = ("Create the index from the data: faiss.IndexFlatL2(emb.shape[1]) (or the IVF/PQ equivalent with d = emb.shape[1]).",)
    else:
        return Explanation(
            text="An array of another width than index.d reached a FAISS index method.",
            fix=("print(index.d, x.shape) and make them agree (same embedding model, shape (n, d)).",),
            derived={"op_name": "an index method"},
        )
    return Explanation(text=text, fix=fix, derived={"op_name": name})
