"""Computed diagnosis for chromadb.embedding-function-signature: what kind of object was passed and the fix for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAME = re.compile(r"'([^']*)'")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got_raw = str(facts.get("got") or "")
    if not got_raw:
        if facts.get("_signature") == "docs-pointer":
            return Explanation(
                text=("chromadb >= 0.4.16 rejected the embedding function: the object passed has no "
                      "__call__(self, input) (the first line with the parameter lists was cut)."),
                fix=("Upgrade the wrapper (langchain / langchain-chroma / llama-index) or pin chromadb<0.4.16",
                     "For your own class, define __call__(self, input)"),
            )
        return None
    expected = [n for n in _NAME.findall(str(facts.get("expected") or "")) if n != "self"] or ["input"]
    got = _NAME.findall(got_raw)
    params = [n for n in got if n != "self"]
    want = expected[0]
    derived = {"got_params": ", ".join(got) or "(none)"}
    if "args" in params or "kwargs" in params:
        kind = "a class passed instead of an instance" if got[:1] == ["self"] else "an object without its own __call__"
        text = (f"The object passed as embedding_function has no __call__(self, {want}) of its own (Python reports the "
                f"generic ({', '.join(got)})): a LangChain/LlamaIndex embeddings object handed straight to chromadb by a "
                "wrapper written for chromadb < 0.4.16, a bound method, or a class instead of an instance.")
        fix = ("Upgrade the wrapper together with chromadb: pip install -U langchain langchain-community langchain-chroma "
               "(or llama-index), or pin chromadb<0.4.16 for the old wrapper",
               f"Calling chromadb yourself: wrap the embeddings in a chromadb.EmbeddingFunction subclass whose "
               f"__call__(self, {want}) returns embeddings.embed_documents({want})",
               "Pass an instance (MyEF()), not the class")
        derived["passed"] = kind
        return Explanation(text=text, fix=fix, derived=derived)
    if len(params) == 1:
        text = (f"Your embedding function's __call__ names its argument '{params[0]}'; chromadb >= 0.4.16 requires "
                f"the name '{want}'.")
        fix = (f"Rename the parameter: def __call__(self, {want}: Documents) -> Embeddings",
               "Or pin chromadb<0.4.16 until the code is updated")
        derived["passed"] = f"custom function with argument '{params[0]}'"
        return Explanation(text=text, fix=fix, derived=derived)
    text = (f"The embedding function's __call__ takes ({', '.join(got) or 'nothing'}); chromadb >= 0.4.16 requires "
            f"exactly (self, {want}).")
    fix = (f"Define __call__(self, {want}) and keep other settings in __init__", "Or pin chromadb<0.4.16")
    return Explanation(text=text, fix=fix, derived=derived)
