"""Computed diagnosis for pinecone.index-not-found: the name, and what the key can see."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "langchain-no-indexes":
        text = "The API key's Pinecone project has no indexes at all: wrong API key/project (or environment), or nothing was created yet."
        fix = ("Check PINECONE_API_KEY belongs to the project that holds the index (console -> API keys).",
               "Or create the index first with the embedding's dimension.")
        return Explanation(text=text, fix=fix, derived={"index": "(any)"})
    index = str(facts.get("index") or "").strip()
    if not index:
        return None
    avail = [a.strip() for a in str(facts.get("available") or "").split(",") if a.strip()]
    if avail:
        close = difflib.get_close_matches(index, avail, n=1, cutoff=0.5)
        text = f"Index '{index}' is not in this project; the API key sees: {', '.join(avail[:8])}."
        fix = ((f"Did you mean '{close[0]}'? Set the index name to it." if close else
                f"Create '{index}' (pc.create_index with the embedding dimension) or use one of the listed indexes."),)
        return Explanation(text=text, fix=fix, derived={})
    text = f"Pinecone answered 404 for index '{index}': it does not exist in the project of this API key."
    fix = (f"Create '{index}' (pc.create_index('{index}', dimension=<dim>, metric='cosine', spec=ServerlessSpec(...))) "
           "or point the app at the project/key that holds it.",
           "List what the key sees: Pinecone(api_key=...).list_indexes().names().")
    return Explanation(text=text, fix=fix, derived={})
