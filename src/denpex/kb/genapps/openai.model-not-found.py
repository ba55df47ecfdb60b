"""Computed diagnosis for openai.model-not-found: typo, retired model, self-hosted name mismatch or Azure deployment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RETIRED = {
    "text-davinci-003": "gpt-4o-mini (chat) or gpt-3.5-turbo-instruct (completions)",
    "text-davinci-002": "gpt-3.5-turbo-instruct",
    "code-davinci-002": "gpt-4o-mini",
    "davinci": "davinci-002",
    "curie": "babbage-002",
    "text-embedding-ada-001": "text-embedding-3-small",
    "gpt-4-32k": "gpt-4o",
    "gpt-4-vision-preview": "gpt-4o",
    "gpt-3.5-turbo-0301": "gpt-4o-mini",
    "gpt-3.5-turbo-16k": "gpt-4o-mini",
}
_TYPOS = {"gtp-4": "gpt-4", "gpt4": "gpt-4", "gpt-4-o": "gpt-4o", "gpt4o": "gpt-4o", "chatgpt-4": "gpt-4o", "gpt-35-turbo": "gpt-3.5-turbo"}
_OPENAI_PREFIXES = ("gpt-", "o1", "o3", "o4", "text-", "davinci", "curie", "babbage", "code-", "dall-e", "whisper", "tts-", "chatgpt")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    model = str(facts.get("model") or "")
    if sig == "azure-deployment-not-found":
        return Explanation(
            text="Azure OpenAI has no deployment with the name sent as model in this resource.",
            fix=("Use the deployment name (Azure AI Foundry > Deployments) as model/azure_deployment, with the azure_endpoint of the same resource.",),
            derived={"model": "deployment", "where": " (Azure deployment name not found in this resource)"},
        )
    if not model:
        return None
    low = model.lower()
    derived: dict[str, Any] = {"where": ""}
    fix: list[str] = []
    if low in _TYPOS:
        text = f"'{model}' is a misspelling; the id is '{_TYPOS[low]}'."
        derived["where"] = f" (typo for {_TYPOS[low]})"
        fix.append(f"Use model=\"{_TYPOS[low]}\" (or a current model from /v1/models).")
    elif low in _RETIRED:
        text = f"'{model}' has been retired by OpenAI."
        derived["where"] = " (retired)"
        fix.append(f"Switch to {_RETIRED[low]}.")
    elif sig == "model-does-not-exist" and not low.startswith(_OPENAI_PREFIXES):
        text = (f"The server (an OpenAI-compatible one such as vLLM) serves other names than '{model}'; the model field must equal "
                "its --served-model-name (default: the exact --model path/repo id).")
        derived["where"] = " on this self-hosted server"
        fix.append(f"Send the name listed by GET <base_url>/models, or restart the server with --served-model-name {model}.")
    elif sig == "model-does-not-exist":
        text = (f"'{model}' is not served here: if base_url points to a self-hosted server, it serves other names; on "
                "api.openai.com (2023 wording) the key had no access to it.")
        derived["where"] = " for this key/server"
        fix.append("List the accepted ids with GET <base_url>/models and use one of them (or --served-model-name on vLLM).")
    else:
        text = f"api.openai.com does not offer '{model}' to this key: unknown id, retired, or not enabled for the organisation/project."
        derived["where"] = " for this API key"
        fix.append("Pick an id from GET /v1/models with the same key; enable the model for the project in the platform settings if needed.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
