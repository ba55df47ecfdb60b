"""Computed diagnosis for openai.api-key-rejected: what the masked key says about the value sent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OTHER = (
    ("sk-ant-", "an Anthropic key"),
    ("sk-or-", "an OpenRouter key"),
    ("gsk_", "a Groq key"),
    ("hf_", "a Hugging Face token"),
    ("AIza", "a Google (Gemini) key"),
    ("nvapi-", "an NVIDIA NIM key"),
    ("xai-", "an xAI key"),
    ("pplx-", "a Perplexity key"),
)


def _kind(key: str) -> tuple[str, str]:
    k = key.strip()
    low = k.lower()
    if not k:
        return "an empty key", "Set OPENAI_API_KEY to the real key in the environment of the running process."
    if low.startswith(("http://", "https://", "http")):
        return "a URL, not a key", "Put the URL in base_url and the key in api_key / OPENAI_API_KEY."
    if k[0] in "<{[\"'`" or k[-1:] in ">}]\"'`":
        return "a key with brackets or quotes around it", "Remove the <>, {}, or quotes from the value (OPENAI_API_KEY=sk-... with nothing around it)."
    if low.startswith(("your", "xxx", "sk-xxx", "sk-...", "insert", "replace", "changeme", "api_key", "openai_api_key", "<")) or "your" in low:
        return "a template placeholder", "Replace the placeholder in .env/config with your real key and restart the app."
    for prefix, name in _OTHER:
        if k.startswith(prefix):
            return f"{name}, sent to the OpenAI endpoint", f"Create the client with that provider's base_url (or use its own SDK); {name} is not valid at api.openai.com."
    if not k.startswith("sk-"):
        return "not an OpenAI-format key (no sk- prefix)", "If it belongs to an OpenAI-compatible provider or proxy, set base_url to it; otherwise use an sk-... key from platform.openai.com."
    return ("an OpenAI-format key that the server does not accept (revoked, deleted project, or an old value)",
            "Check that its first/last characters match your current key; unset an older OPENAI_API_KEY exported in the shell/IDE "
            "(or load_dotenv(override=True)); create a new key if it was revoked.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "authentication-error-401":
        msg = str(facts.get("message") or "")
        if not msg:
            return None
        if "subscription key" in msg or "wrong API endpoint" in msg:
            kind = "an Azure OpenAI key/endpoint mismatch"
            fix = ("Use the key and azure_endpoint of the same Azure OpenAI resource (Keys and Endpoint blade), with AzureOpenAI(...).",)
        else:
            kind = "rejected by the server (401)"
            fix = ("Check the key and the base_url of the provider it belongs to; a 401 never goes away by retrying.",)
        return Explanation(text=f"The server answered 401: {msg}", fix=fix,
                           derived={"key_kind": kind, "key_masked": "sent"})
    key = facts.get("key_masked")
    if key is None:
        return None
    kind, fix = _kind(str(key))
    text = f"The key that was sent ({key or 'empty'}) looks like {kind}; the API answered 401 invalid_api_key."
    return Explanation(text=text, fix=(fix,), derived={"key_kind": kind})
