"""Computed diagnosis for chromadb.hnswlib-package-conflict: which call exposed the wrong hnswlib."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FIX = ("pip uninstall -y hnswlib chroma-hnswlib && pip install --force-reinstall --no-deps chroma-hnswlib",
        "Check: python -c \"import hnswlib; print(hnswlib.__file__, hasattr(hnswlib.Index, 'file_handle_count'))\" must print True.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = str(facts.get("symptom") or "")
    if sym == "file_handle_count":
        text = ("chromadb's persistent client asked hnswlib.Index.file_handle_count(), which exists only in chroma-hnswlib: "
                "the imported hnswlib module is the upstream package (installed alongside, or overwriting the fork).")
        return Explanation(text=text, fix=_FIX, derived={"diagnosis": "upstream hnswlib shadows chroma-hnswlib (client start)"})
    if sym == "init_index":
        text = ("chromadb created a persistent HNSW index with is_persistent_index/persistence_location, arguments only "
                "chroma-hnswlib's init_index accepts: the upstream hnswlib module is being imported.")
        return Explanation(text=text, fix=_FIX, derived={"diagnosis": "upstream hnswlib shadows chroma-hnswlib (index creation)"})
    return None
