"""Computed diagnosis for serving.openai-request-rejected: what the 400 message says and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOC = re.compile(r"'loc': \('body', '([\w.]+)'")
_NEG = re.compile(r"max_tokens must be at least 1, got (-?\d+)")
_MM = re.compile(r"At most (\d+) (image|video|audio)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = facts.get("message")
    if msg is None:
        msg = facts.get("message_dq")
    if msg is None:
        return None
    msg = str(msg).replace('\\"', '"')
    low = msg.lower()
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if not msg.strip():
        reason = "empty error message"
        parts.append("The server answered 400 with an empty message: an exception without text was raised while preprocessing the request (often inside the chat template or multimodal processing).")
        fix.append("Read the server log around the 400 access line for the traceback; retry with a minimal request (one user message, no tools/images) and add fields back one by one.")
    elif "tool choice requires" in low or "enable-auto-tool-choice" in low:
        reason = "tool calling is not enabled on the server"
        parts.append("The request asks for automatic tool choice, but the server was launched without tool-call parsing.")
        fix.append("Restart the server with --enable-auto-tool-choice --tool-call-parser <parser for this model> (e.g. hermes for Qwen, llama3_json, mistral), or send the request without tools / with tool_choice='none'.")
    elif "extra_forbidden" in low or "extra inputs are not permitted" in low:
        m = _LOC.search(msg)
        field = m.group(1) if m else None
        if field:
            derived["field"] = field
        reason = f"unknown request field{(' ' + repr(field)) if field else ''}"
        parts.append(f"The server's request schema rejects the field {field!r}: the client library sends a newer API field than this server version accepts." if field else "The server's request schema rejects a field the client sends (a newer API field than this server version accepts).")
        fix.append(f"Upgrade the server, or stop the client from sending {field!r} (e.g. stream_options=None)." if field else "Upgrade the server, or remove the unknown field from the request.")
    elif (m := _NEG.search(msg)) is not None:
        n = int(m.group(1))
        reason = f"max_tokens computed as {n}"
        parts.append(f"The server derived max_tokens = {n}: the prompt is {abs(n) + 1 if n < 1 else ''} tokens too long for max_model_len (older vLLM reports context overflow this way).".replace(" is  tokens", " is"))
        fix.append("Shorten the prompt or raise --max-model-len (see vllm.context-length-exceeded), and pass an explicit max_tokens that fits.")
    elif "extension" in low and "not defined" in low or "jinja" in low or "roles must alternate" in low or "template" in low:
        reason = "the chat template could not render the messages"
        parts.append(f"Rendering the chat template failed: {msg}.")
        if "extension" in low:
            parts.append("'Extension' not defined comes from a jinja2 that is too old for the template (transformers needs jinja2 >= 3.1).")
            fix.append("Upgrade jinja2 (pip install -U 'jinja2>=3.1') in the server environment and restart.")
        else:
            fix.append("Fix the message list for the template (role order, a single leading system message, supported content parts) or pass a working --chat-template.")
    elif (m := _MM.search(msg)) is not None:
        reason = f"too many {m.group(2)} inputs (limit {m.group(1)})"
        parts.append(f"The request carries more {m.group(2)} items than the server allows per prompt ({m.group(1)}).")
        fix.append(f"Start the server with a higher limit, e.g. --limit-mm-per-prompt '{{\"{m.group(2)}\": N}}', or send fewer items per request.")
    elif re.search(r"temperature|top_p|top_k|presence_penalty|frequency_penalty|repetition_penalty|best_of|logprobs|max_tokens|\bn\b must", low):
        reason = "a sampling parameter is out of range"
        parts.append(f"A sampling parameter failed validation: {msg}.")
        fix.append("Clamp it to the server's accepted range (temperature >= 0, 0 < top_p <= 1, max_tokens >= 1, top_k -1 or >= 1).")
    elif "does not exist" in low or "not found" in low:
        reason = "unknown model name"
        parts.append(f"{msg}: the request's model field does not match the server's --served-model-name.")
        fix.append("Use the name listed by GET /v1/models, or start the server with --served-model-name <name>.")
    else:
        reason = msg if len(msg) <= 160 else msg[:157] + "..."
        parts.append(f"The server's validation message: {msg}.")
        fix.append("Change the request (or the server launch flags) as the message says; the model never ran.")
    derived["reason"] = reason
    if facts.get("message") is None:
        derived["message"] = msg
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
