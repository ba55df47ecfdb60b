"""Computed diagnosis for llamaindex.persist-dir-store-missing: which file is missing and the likely reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fname = str(facts.get("file_name") or "")
    path = str(facts.get("path") or "")
    if not fname:
        return None
    d = path[: -len(fname)].rstrip("/\\") or "."
    rel = not (path.startswith("/") or (len(path) > 1 and path[1] == ":"))
    if fname == "vector_store.json":
        diag = "vector_store.json looked for; llama-index 0.10+ persists default__vector_store.json"
        text = (f"LlamaIndex looked for {path}. Since 0.10 persist() writes the vector store as default__vector_store.json; "
                "plain vector_store.json is only expected by SimpleVectorStore.from_persist_dir called directly, by pre-0.10 "
                "persist dirs, or when the directory is empty (nothing was persisted there).")
        fix = (f"ls {d}: if default__vector_store.json is there, load with StorageContext.from_defaults(persist_dir='{d}') "
               "or SimpleVectorStore.from_persist_path(os.path.join(dir, 'default__vector_store.json')).",
               f"If {d} is empty or missing, build the index and call index.storage_context.persist(persist_dir='{d}') first.")
    else:
        diag = f"{fname} missing: nothing persisted in this directory"
        text = (f"{path} does not exist: the index was never persisted to {d} (or persisted elsewhere)"
                + (", and the relative path depends on the working directory." if rel else "."))
        fix = (f"Build and persist once (index.storage_context.persist(persist_dir='{d}')), and guard the load with "
               f"os.path.exists(os.path.join('{d}', 'docstore.json')).",)
        if rel:
            fix = fix + ("Use an absolute persist_dir so the ingest and query processes see the same directory.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
