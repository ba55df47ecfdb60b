"""Computed diagnosis for qdrant.collection-not-found: name-specific checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("collection") or "").strip()
    if not name:
        return None
    local = facts.get("_signature") == "local-mode"
    if name in ("None", "null", "undefined", "") or name.startswith(("$", "{")):
        text = f"The collection name is '{name}': the variable or setting that should hold it was not set."
        fix = ("Set the collection name (e.g. COLLECTION_NAME) in the environment/config of this process.",)
        return Explanation(text=text, fix=fix, derived={})
    where = "the local-mode client (QdrantClient(path=...) / ':memory:')" if local else "the Qdrant server this client talks to"
    text = f"Collection '{name}' does not exist in {where}."
    fix = [f"Create it before use: client.create_collection('{name}', vectors_config=VectorParams(size=<embedding dim>, distance=Distance.COSINE)), or run the ingestion step against this same instance."]
    if local:
        fix.append("Local mode stores collections per path/process: use the same path (or url=) in ingestion and serving; ':memory:' collections vanish with the process.")
    else:
        fix.append("If it existed before: check that the client URL is the same instance, and that /qdrant/storage is on a persistent volume.")
    return Explanation(text=text, fix=tuple(fix), derived={})
