"""Computed diagnosis for qdrant.vector-name-mismatch: unnamed vs named vector from the name in the message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if "vector_name" not in facts:
        return None
    name = str(facts.get("vector_name") or "").strip()
    if not name:
        return Explanation(
            text=("The request used the default unnamed vector, but the collection was created with named vectors "
                  "only (the name in the message is empty)."),
            fix=("print(client.get_collection('<collection>').config.params.vectors)  # the names it has",
                 "Query/write with using='<one of those names>' (LangChain vector_name=..., LlamaIndex dense_vector_name=...), "
                 "or recreate the collection with an unnamed VectorParams and re-ingest."),
            derived={"shown_name": "the unnamed default vector"})
    hint = (" FastEmbed helpers derive this name from the embedding model; a model switch changes it."
            if name.startswith("fast-") else "")
    return Explanation(
        text=f"The collection has no vector named '{name}'.{hint}",
        fix=("print(client.get_collection('<collection>').config.params.vectors)  # the names it has",
             f"Use the existing name instead of '{name}', or recreate the collection with a '{name}' vector and re-ingest."),
        derived={"shown_name": f"'{name}'"})
