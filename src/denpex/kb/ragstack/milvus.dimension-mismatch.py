"""Computed diagnosis for milvus.dimension-mismatch: both dimensions and the likely models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation

_KNOWN = {384: "all-MiniLM / bge-small", 512: "CLIP ViT-B / bge-small-zh", 768: "BERT-base / nomic-embed-text / bge-base",
          1024: "bge-m3 / bge-large / e5-large", 1536: "OpenAI text-embedding-ada-002 / 3-small", 3072: "OpenAI text-embedding-3-large",
          4096: "7B-LLM embeddings (e5-mistral, Qwen)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp, got = _int(facts.get("expected_dim")), _int(facts.get("got_dim"))
    derived: dict[str, Any] = {}
    note = ""
    if exp is None or got is None:
        eb, gb = _int(facts.get("expected_bytes")), _int(facts.get("got_bytes"))
        if eb is None or gb is None or eb % 4 or gb % 4:
            return None
        exp, got = eb // 4, gb // 4
        derived.update(expected_dim=exp, got_dim=got)
        note = f" (sizes {eb} vs {gb} bytes, read as float32 vectors)"
    if exp == got:
        return None
    field = str(facts.get("field") or "")
    where = f" field '{field}'" if field else ""
    hint = []
    for d, label in ((exp, "collection"), (got, "new vectors")):
        if d in _KNOWN:
            hint.append(f"{d} is typical of {_KNOWN[d]} ({label})")
    text = (f"The collection's vector{where} was created for {exp}-dimensional embeddings, but the vectors now inserted or "
            f"searched have {got} dimensions{note}: the embedding model differs from the one that built the collection."
            + (" " + "; ".join(hint) + "." if hint else ""))
    fix = (f"Either go back to the embedding model with {exp} dimensions, or drop/rename the collection and recreate it with dim={got}, then re-embed all documents.",
           f"Check: len(embed('x')) == {exp} before using the collection.")
    return Explanation(text=text, fix=fix, derived=derived)
