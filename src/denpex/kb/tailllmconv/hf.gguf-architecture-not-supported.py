"""Computed diagnosis for hf.gguf-architecture-not-supported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = facts.get("architecture")
    if not isinstance(arch, str) or not arch:
        return None
    older = facts.get("_signature") == "architecture-not-supported"
    text = (f"The GGUF declares general.architecture = '{arch}', and the installed transformers has no GGUF mapping for it"
            + (" (this is the older wording: upgrading transformers may already add it)." if older else ".")
            + " transformers (and vLLM/SGLang, which use its GGUF reader) cannot build the config from this file.")
    fix = ("python -c \"from transformers.integrations.ggml import GGUF_CONFIG_MAPPING as m; print('" + arch + "' in m)\"",
           "pip install -U transformers   # then retry if the architecture is now mapped",
           "vllm serve ./model.gguf --tokenizer <original-hf-repo> --hf-config-path <original-hf-repo>",
           "Or load the original safetensors checkpoint / run the GGUF with llama.cpp or Ollama.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"no transformers GGUF mapping for {arch}"})
