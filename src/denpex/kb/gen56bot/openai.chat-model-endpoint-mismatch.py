"""Computed diagnosis for openai.chat-model-endpoint-mismatch: which way round the mismatch is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    direction = str(facts.get("direction") or "")
    if sig == "completion-model-on-chat" or direction == "v1/chat/completions":
        diagnosis = "a completion-only model was sent to the chat completions endpoint"
        text = ("The request went to /v1/chat/completions with a model that is not a chat model (gpt-3.5-turbo-instruct, "
                "davinci-002, babbage-002, the retired text-davinci-003, or a codex/realtime/embedding model name). "
                "The chat client is right; the configured model is not.")
        fix = ("Configure a chat model in the app (e.g. gpt-4o-mini), or, to keep the completion model, call "
               "client.completions.create(model=..., prompt=...) (LangChain: OpenAI() instead of ChatOpenAI()).",)
    elif sig == "chat-model-on-completions" or direction == "v1/completions":
        diagnosis = "a chat model was sent to the legacy completions endpoint"
        text = ("The request went to the legacy /v1/completions endpoint (prompt=...) with a chat model such as "
                "gpt-3.5-turbo, gpt-4 or gpt-4o. The code (or the app/library release) still uses the completions call; "
                "only gpt-3.5-turbo-instruct, davinci-002 and babbage-002 are served there.")
        fix = ("Port the call to chat completions: client.chat.completions.create(model=..., messages=[{'role': 'user', "
               "'content': prompt}]) and read choices[0].message.content (0.x: openai.ChatCompletion.create).",
               "LangChain: use ChatOpenAI(model=...) instead of OpenAI(model=...); apps: update to a release that uses "
               "chat completions, or set gpt-3.5-turbo-instruct if the app only supports completions.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
