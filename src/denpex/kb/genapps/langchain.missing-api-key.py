"""Computed diagnosis for langchain.missing-api-key: the variable, the class and the default-component case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PROVIDER = {
    "OPENAI_API_KEY": "OpenAI",
    "ANTHROPIC_API_KEY": "Anthropic",
    "SERPAPI_API_KEY": "SerpAPI (search tool)",
    "TAVILY_API_KEY": "Tavily (search tool)",
    "HUGGINGFACEHUB_API_TOKEN": "Hugging Face Hub inference",
    "PINECONE_API_KEY": "Pinecone",
    "GOOGLE_API_KEY": "Google",
    "COHERE_API_KEY": "Cohere",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    env_var = str(facts.get("env_var") or "")
    key = str(facts.get("key") or "")
    if not env_var:
        return None
    comp = str(facts.get("component") or "")
    provider = _PROVIDER.get(env_var, env_var)
    derived = {"component": comp or "a LangChain component", "key": key or env_var.lower()}
    text = f"{comp or 'A LangChain component'} needs a {provider} credential: neither the {key or env_var.lower()} argument nor {env_var} was set."
    fix = [f"export {env_var}=... (PowerShell: $env:{env_var}=\"...\") in the environment that runs the app, "
           f"or pass {key or env_var.lower()}=... to {comp or 'the constructor'}; call load_dotenv() before building it."]
    if env_var == "OPENAI_API_KEY":
        fix.append("If you did not intend to use OpenAI: pass your own llm / embeddings object (e.g. ChatOllama, HuggingFaceEmbeddings) "
                   "to the agent, crew, chain or vector store that defaulted to an OpenAI class.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
