"""Computed diagnosis for langchain.dangerous-deserialization-optin: which loader, and the exact call to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CLASS = {"faiss": "FAISS", "annoy": "Annoy", "scann": "ScaNN", "sklearn": "SKLearnVectorStore", "tiledb": "TileDB"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    store = str(facts.get("store") or "")
    caller = str(facts.get("caller") or "")
    if not store and not caller:
        return None
    cls = caller.split(".")[0] if caller else _CLASS.get(store, store or "the vector store")
    method = caller.split(".")[1] if "." in caller else "load_local"
    text = (f"{cls}.{method} was called without allow_dangerous_deserialization=True, which langchain-community "
            "requires before it unpickles the saved docstore (index.pkl). The files are intact; only the opt-in is missing.")
    if method == "deserialize_from_bytes":
        call = f"{cls}.deserialize_from_bytes(serialized, embeddings, allow_dangerous_deserialization=True)"
    else:
        call = f"{cls}.load_local(folder_path, embeddings, allow_dangerous_deserialization=True)"
    fix = (call + "  # only for an index your own code wrote",
           f"untrusted index: rebuild it ({cls}.from_documents(docs, embeddings)) instead of loading it")
    return Explanation(text=text, fix=fix, derived={"loader": f"{cls}.{method}"})
