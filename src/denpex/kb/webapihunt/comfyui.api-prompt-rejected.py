"""Computed diagnosis for comfyui.api-prompt-rejected: which server rejected it and where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    url = facts.get("url")
    if not sig and not url:
        return None
    where = "the ComfyUI server"
    if url:
        parts = urlsplit(str(url))
        if parts.hostname:
            where = f"the ComfyUI server at {parts.hostname}:{parts.port or 80}"
    text = (f"{where} answered 400 to the queued workflow: prompt validation failed. The client printed only the "
            "status; the failing node and input are in the response body (node_errors) and in that server's console.")
    fix = (f"Look at the console of {where} for 'Failed to validate prompt for output' at the same time.",
           "Check file names (ckpt_name, lora_name, image) against what that server has, and that the JSON is the API format.")
    if url and not str(url).endswith("/prompt"):
        fix += ("The URL does not end in /prompt: check the client's base URL.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": "workflow failed validation on the server"})
