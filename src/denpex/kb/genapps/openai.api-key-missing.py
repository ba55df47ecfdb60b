"""Computed diagnosis for openai.api-key-missing: which variable is missing, and the LlamaIndex default-model case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PROVIDERS = {
    "OPENAI_API_KEY": "OpenAI",
    "AZURE_OPENAI_API_KEY": "Azure OpenAI",
    "GROQ_API_KEY": "Groq",
    "TOGETHER_API_KEY": "Together AI",
    "CEREBRAS_API_KEY": "Cerebras",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    env_var = str(facts.get("env_var") or "OPENAI_API_KEY")
    provider = _PROVIDERS.get(env_var, env_var.removesuffix("_API_KEY").replace("_", " ").title() or "OpenAI")
    derived: dict[str, Any] = {"env_var": env_var, "provider": provider}
    fix: list[str] = []
    if sig == "llamaindex-could-not-load":
        comp = str(facts.get("llamaindex_component") or "model")
        which = "embedding model (Settings.embed_model)" if comp.startswith("embedding") else "LLM (Settings.llm)"
        text = (f"LlamaIndex tried to build its default OpenAI {comp} because no {which} was configured, and found no "
                "OPENAI_API_KEY.")
        if facts.get("original_error"):
            text += f" Original error: {facts['original_error']}."
        fix.append(f"If you meant a local model: set the {which} before building/loading the index "
                   "(e.g. HuggingFaceEmbedding(model_name=...) or Ollama(model=...)).")
        fix.append("If you meant OpenAI: export OPENAI_API_KEY=sk-... in the environment that runs the app.")
        derived["key_problem"] = f"LlamaIndex fell back to its default OpenAI {comp} and OPENAI_API_KEY is not set"
    elif sig == "server-no-key":
        text = ("The request reached the API without an Authorization header: the client was given an empty key, or a "
                "proxy/gateway dropped the header.")
        derived["key_problem"] = "the request carried no Authorization header (empty key or a proxy dropped it)"
        fix.append(f"Check that {env_var} is non-empty in the running process and that any proxy forwards Authorization.")
    elif sig == "azure-missing-credentials":
        derived["key_problem"] = "AZURE_OPENAI_API_KEY / api_key / Entra ID token not given"
        text = "AzureOpenAI was created without api_key, AZURE_OPENAI_API_KEY or an Entra ID token (provider)."
        fix.append("Pass AzureOpenAI(api_key=..., azure_endpoint=..., api_version=...) or set AZURE_OPENAI_API_KEY; "
                   "for keyless auth pass azure_ad_token_provider=get_bearer_token_provider(...).")
    else:
        derived["key_problem"] = f"{env_var} is not set in this process and no api_key was passed"
        text = f"The {provider} client found neither an api_key argument nor {env_var} in this process's environment."
        fix.append(f"export {env_var}=... (PowerShell: $env:{env_var}=\"...\") in the environment that runs the app, "
                   "or pass api_key=... to the client.")
        fix.append("Using a .env file: call load_dotenv() first thing in the entry script, before modules that create clients are imported.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
