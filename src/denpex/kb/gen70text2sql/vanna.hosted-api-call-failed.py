"""Computed diagnosis for vanna.hosted-api-call-failed: which hosted call failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("operation")
    code = facts.get("rpc_code")
    msg = str(facts.get("rpc_message") or "")
    fix: list[str] = []
    if op:
        where = f"vn.train could not store the {op}"
        if code is not None:
            where += f" (JSON-RPC {code}"
            where += f": {msg})" if msg else ")"
        if "QueuePool" in msg or str(code) == "-32603":
            text = (f"{where}. Code -32603 is an internal error on vanna.ai; the QueuePool/timeout text is the "
                    "service's own connection pool, not your database.")
            fix.append("Retry later; if it persists, train into a local vector store (ChromaDB_VectorStore, Qdrant, pgvector) with your own LLM class.")
            fix.append("Also re-check the model name and API key on the vanna.ai profile page: a mismatched pair has produced the same error.")
        elif "email" in msg.lower() or str(code) == "-32600":
            text = f"{where}. The request was rejected as invalid: the API key is not tied to the account that owns this model."
            fix.append("Fetch the key with the same email that owns the model (vanna.ai profile page) and use that model name.")
        else:
            text = f"{where}. The hosted service answered with an error object instead of a result."
            fix.append("Check the API key and model name pair on the vanna.ai profile page.")
        detail = f": {where}"
    else:
        text = ("vn.ask printed \"'NoneType' object has no attribute 'questions'\": the similar-question lookup on "
                "vanna.ai returned no result, which almost always means the API key is wrong or the model name is not "
                "a model of that key's account.")
        fix.append("Use the API key and model name from the same vanna.ai account (profile page); the tutorial model 'chinook' needs the tutorial setup.")
        fix.append("Wrap vn.generate_sql() yourself instead of vn.ask() to see the full traceback.")
        detail = ": the similar-question lookup returned nothing (API key / model name mismatch)"
    return Explanation(text=text, fix=tuple(fix), derived={"detail": detail})
