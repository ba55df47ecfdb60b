"""Computed diagnosis for langchain.openai-embeddings-token-input-rejected: which server refused and the exact constructor change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SERVER = {
    "pydantic-422-token-ids": "a FastAPI/pydantic OpenAI-compatible server that accepts only strings",
    "dashscope-contents-not-str": "DashScope compatible-mode embeddings",
    "openai-sdk-no-embedding-data": "the endpoint returned an empty data list",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    server = _SERVER.get(sig)
    if server is None:
        return None
    fix = ["OpenAIEmbeddings(model=..., base_url=..., api_key=..., check_embedding_ctx_length=False)"]
    if sig == "openai-sdk-no-embedding-data":
        text = ("The openai SDK got a response without vectors. Behind LangChain's OpenAIEmbeddings with a non-OpenAI "
                "base_url this is the token-id input (tiktoken ids instead of text) and/or the base64 encoding_format "
                "the SDK requests, which OpenRouter/vLLM/LM Studio-style gateways answer with an empty list.")
        fix.append("Also pass model_kwargs={'encoding_format': 'float'} if the gateway does not support base64.")
    else:
        tok = facts.get("first_token")
        seen = f" (the echoed input starts with token id {tok})" if isinstance(tok, int) else ""
        text = (f"LangChain's OpenAIEmbeddings sent OpenAI tiktoken token ids instead of the text{seen}, and "
                f"{server} rejects anything but strings.")
        if sig == "dashscope-contents-not-str":
            fix.append("Or use langchain_community.embeddings.DashScopeEmbeddings(model='text-embedding-v3').")
    fix.append("Keep chunks within the server model's max input length yourself; the client-side check is off now.")
    return Explanation(text=text, fix=tuple(fix), derived={"server": server})
