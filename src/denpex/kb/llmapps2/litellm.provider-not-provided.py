"""Computed diagnosis for litellm.provider-not-provided: which kind of model string was passed and the prefix to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HF_ORGS = {"meta-llama", "mistralai", "qwen", "google", "microsoft", "deepseek-ai", "thebloke", "tiiuae", "bigcode",
            "baai", "sentence-transformers", "nousresearch", "01-ai", "internlm", "thudm", "openai-community"}
_LOCAL_NAMES = ("llama", "mistral", "qwen", "phi", "gemma", "deepseek", "codellama", "mixtral", "vicuna", "orca", "yi")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip().rstrip(".,")
    if not model:
        return Explanation(
            text="LiteLLM got a model string without a provider prefix it knows (older release: the name is not printed).",
            fix=("Write the model as provider/model (openai/<name> + api_base for OpenAI-compatible servers, ollama/<name>, anthropic/<name>).",),
            derived={"model": "(not printed)", "where": " (older LiteLLM: name not printed)"},
        )
    if model.startswith("<") or (model[:1].isupper() and "/" not in model and model.endswith(("LLM", "Chat", "Model"))):
        return Explanation(
            text=f"'{model}' looks like an LLM object or class, not a model string: the framework passed the object where LiteLLM expects 'provider/model'.",
            fix=("Pass the model id string (e.g. model='watsonx/ibm/granite-13b-instruct-v2') instead of a LangChain/SDK model object.",),
            derived={"where": " (an object was passed, not a model string)"},
        )
    if "/" in model:
        prefix, rest = model.split("/", 1)
        if prefix.lower() in _HF_ORGS:
            return Explanation(
                text=f"'{model}' is a Hugging Face repo id: LiteLLM reads '{prefix}' as the provider and does not know it.",
                fix=(f"Served by vLLM/TGI/another OpenAI-compatible server: model='openai/{model}' (or 'hosted_vllm/{model}') with api_base=<server>/v1.",
                     f"HF Inference endpoints: model='huggingface/{model}'."),
                derived={"where": f" ('{prefix}' is a Hugging Face org, not a provider)"},
            )
        return Explanation(
            text=f"The prefix '{prefix}' is not a provider of the installed LiteLLM release (misspelled, or added in a newer release).",
            fix=(f"Check the spelling against litellm.provider_list; upgrade litellm if '{prefix}' is a newer provider.",
                 f"If the service is OpenAI-compatible: model='openai/{rest}' with its api_base."),
            derived={"where": f" (unknown provider prefix '{prefix}')"},
        )
    low = model.lower()
    if ":" in model or low.startswith(_LOCAL_NAMES):
        return Explanation(
            text=f"'{model}' is a bare local-model name: LiteLLM needs to be told it is served by Ollama (or another server).",
            fix=(f"Ollama: model='ollama/{model}' (or 'ollama_chat/{model}') with api_base='http://localhost:11434'.",
                 f"OpenAI-compatible server: model='openai/{model}' with api_base=<server>/v1."),
            derived={"where": " (bare local model name)"},
        )
    return Explanation(
        text=f"'{model}' has no provider prefix and is not in LiteLLM's model catalogue.",
        fix=(f"Add the provider: model='<provider>/{model}'; for an OpenAI-compatible endpoint (proxy, vendor API) use 'openai/{model}' with api_base and api_key.",),
        derived={"where": " (no provider prefix)"},
    )
