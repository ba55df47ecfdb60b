"""Computed diagnosis for ollama.content-parts-rejected: which endpoint refused the list content."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("go_field") or "")
    if not field:
        return None
    owner = field.split(".", 1)[0]
    if owner == "ChatRequest":
        text = (f"The body went to Ollama's native /api/chat ({field}): its content is always a string, "
                "so OpenAI-style parts (text + image_url) cannot be sent there.")
        fix = ("Send content as text and the image as base64 in the message's images list: "
               "{\"role\": \"user\", \"content\": \"...\", \"images\": [\"<base64>\"]}.",
               "Or point the client at /v1/chat/completions on a current Ollama.")
        endpoint = "native /api/chat"
    elif owner in ("Message", ""):
        text = (f"The OpenAI-compatible endpoint decoded content into a string ({field}): this server release "
                "predates content parts, so any message with an image (or a list of text parts) is refused.")
        fix = ("Upgrade Ollama / LocalAI / the relay to a release that accepts content parts on /v1/chat/completions.",
               "Or switch the client to its native Ollama provider, which sends images in the images field.")
        endpoint = "OpenAI-compatible /v1/chat/completions"
    else:
        text = f"A Go relay or server between client and model ({field}) only accepts string content."
        fix = ("Upgrade or reconfigure the relay so list content is passed through, or send text-only content.",)
        endpoint = "relay"
    return Explanation(text=text, fix=fix, derived={"endpoint": endpoint})
