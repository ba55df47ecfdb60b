"""Computed diagnosis for localai.backend-rpc-unimplemented: which backend answered and what to pin instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADVICE = {
    "gpt4all": "gpt4all is a legacy chat backend; for a GGUF model pin backend: llama-cpp.",
    "llama": "the old go-llama backend; for GGUF use backend: llama-cpp (add embeddings: true for embeddings).",
    "bert-embeddings": "bert-embeddings only serves /v1/embeddings; use a chat backend (llama-cpp) for chat.",
    "whisper": "whisper only serves /v1/audio/transcriptions; use a text backend for chat/completions.",
    "piper": "piper only serves TTS; use a text backend for chat/completions.",
    "vllm": "the vLLM Python backend lacked embeddings in older LocalAI; upgrade or use sentencetransformers/llama-cpp for embeddings.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    backend = facts.get("backend")
    model = facts.get("model")
    kind = "Python" if sig == "python-not-implemented" else "Go"
    if isinstance(backend, str) and backend:
        name = backend.rstrip("/").split("/")[-1]
        if name == "run.sh":
            parts = backend.rstrip("/").split("/")
            name = parts[-2] if len(parts) >= 2 else name
        tip = _ADVICE.get(name, f"backend '{name}' does not implement this endpoint; pin the backend that does in the model YAML.")
        diagnosis = f"{kind} backend '{name}' lacks the called RPC"
        text = f"The request{f' for model {model}' if model else ''} went to backend '{name}': {tip}"
    else:
        diagnosis = f"{kind} backend lacks the called RPC"
        text = (f"A {kind} backend answered the call as not implemented{f' (model {model})' if model else ''}. "
                "Run with --debug to see which backend the model was loaded with.")
    fix = (f"Set backend: in models/{model or '<model>'}.yaml to the backend that serves this endpoint "
           "(llama-cpp for GGUF chat/embeddings with embeddings: true, whisper for audio, sentencetransformers for embedding models).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
