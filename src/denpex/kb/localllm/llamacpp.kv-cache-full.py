"""Computed diagnosis for llamacpp.kv-cache-full: what the decode return code means and how far the retries went."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    ret = facts.get("ret")
    n_batch = facts.get("n_batch")
    size = facts.get("batch_size")
    derived: dict[str, Any] = {}
    if ret is not None:
        ret = int(ret)
        if ret < 0:
            derived["cause"] = "invalid batch"
            return Explanation(
                text=(f"llama_decode returned {ret}: a negative code means the batch itself was rejected (token id outside "
                      "the vocabulary, bad positions, embeddings input larger than n_ubatch), not that the KV cache is full."),
                fix=("Look just above for 'invalid token[i] = N' or a GGML_ASSERT: use the model's own tokenizer, and for "
                     "embedding models set -ub/-b >= the longest input (and rope scaling where the model needs it).",),
                derived=derived)
        if ret == 2:
            derived["cause"] = "aborted"
            return Explanation(text="llama_decode returned 2: the computation was aborted (abort callback / cancelled request).",
                               fix=("Check what cancelled the request (client disconnect, timeout) before resizing anything.",),
                               derived=derived)
        derived["cause"] = "no free KV cells"
    parts = ["llama_decode found no free cells in the KV cache for the batch."]
    if n_batch is not None:
        n_batch = int(n_batch)
        derived["n_batch"] = n_batch
        if n_batch <= 1:
            parts.append("The server had already halved the batch down to 1 token: even a single token no longer fits, so the "
                         "cache is completely full (not a batch-size problem).")
        else:
            parts.append(f"The server was retrying with n_batch = {n_batch}; it keeps halving until 1 and then drops the request.")
    if size is not None:
        derived["batch_size"] = int(size)
        parts.append(f"The batch that did not fit held {int(size)} tokens.")
    fix = ("llama-server: raise -c to (longest prompt + n_predict) x --parallel, or lower --parallel.",
           "Bound each request (n_predict / max_tokens, history truncation); enable --context-shift if dropping old tokens is acceptable.",
           "On 2023-2024 builds (llamafile 0.6, LocalAI of that time) upgrade: KV fragmentation / cell leaks there filled the cache over time.")
    return Explanation(text=" ".join(parts), fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
