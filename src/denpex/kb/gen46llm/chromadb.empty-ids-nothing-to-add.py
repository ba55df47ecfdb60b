"""Computed diagnosis for chromadb.empty-ids-nothing-to-add: empty ingest batch or empty lookup list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WRITES = {"add", "upsert", "update"}
_INGEST_CALLERS = {"from_documents", "from_texts", "add_texts", "add_documents", "create_vector_db", "main"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    caller = str(facts.get("caller") or "")
    old = facts.get("_signature") == "validate-ids-index-error"
    derived: dict[str, Any] = {}
    fix: list[str] = []
    parts: list[str] = []
    lookup = op in {"get", "delete"} or caller == "get_nodes"
    if lookup:
        derived["diagnosis"] = f"empty id list passed to {op or caller}"
        derived["op_suffix"] = f" in {op or caller} (a lookup, not an ingest)"
        parts.append(f"The empty list went to Collection.{op or 'get'}" + (f" (via {caller})" if caller else "")
                     + ": the caller asked for 0 ids. Pass ids=None to filter by metadata only.")
        fix.append("Call get/delete with ids=None (or omit ids) when you only filter by where=..., or skip the call when the id list is empty.")
        if caller == "get_nodes":
            fix.append("Upgrade llama-index-vector-stores-chroma, or call get_nodes(node_ids=None, filters=...).")
    else:
        where = op or "add"
        via = f" via {caller}" if caller else ""
        derived["diagnosis"] = "nothing to index: 0 chunks reached Chroma"
        derived["op_suffix"] = f" in {where}{via}: 0 chunks to index"
        parts.append(f"Chroma's {where}{via} received no ids because the pipeline produced no chunks: the documents yielded no text "
                     "(scanned/image-only or encrypted PDF, 0-byte file, wrong folder or unsupported type) or the splitter dropped everything.")
        fix.append("print(len(docs), len(chunks)) before indexing; skip the call if there are none: if chunks: db.add_documents(chunks)")
        fix.append("OCR image-only PDFs first (ocrmypdf in.pdf out.pdf) or use an OCR-capable loader; check the source folder and file types.")
    if old:
        parts.append("In chromadb 0.3 the same empty list shows up as 'IndexError: list index out of range' inside validate_ids.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
