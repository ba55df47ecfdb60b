"""Computed diagnosis for javascript.json-parse-got-html: which loader got HTML and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRANSFORMERS = {"getModelJSON", "loadTokenizer", "from_pretrained", "loadItems"}
_TFJS = {"loadLayersModel", "loadGraphModel", "loadWeights", "loadFromUri", "loadFromDisk"}
_API = {"async_caller", "fetchJson"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = facts.get("caller")
    snippet = facts.get("snippet")
    position = facts.get("position")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if isinstance(snippet, str) and snippet:
        low = snippet.lower()
        derived["body_kind"] = "html-document" if low.startswith(("<!doctype", "<html")) else "markup"
        parts.append(f"The body began with {snippet.strip()!r}: an HTML page, not JSON.")
    elif position == 0:
        derived["body_kind"] = "markup"
        parts.append("The body began with '<' at position 0: an HTML page, not JSON.")
    if caller in _TRANSFORMERS:
        derived["loader"] = "transformers.js"
        parts.append(
            f"The request came from transformers.js ({caller}): it looked for the model's JSON files on the "
            "local model path (/models/...) and the dev server answered with its index.html."
        )
        fix.append("import { env } from '@huggingface/transformers'; env.allowLocalModels = false;  // before pipeline()")
        fix.append("Or copy the model folder to public/models/<org>/<name>/ so the local lookup finds real files.")
        fix.append("Then delete Cache Storage 'transformers-cache' (DevTools > Application) so the cached HTML is not reused.")
    elif caller in _TFJS:
        derived["loader"] = "tensorflow.js"
        parts.append(
            f"The request came from a TF.js model loader ({caller}): the model.json / weights manifest URL "
            "does not point at a served file."
        )
        fix.append("Put model.json (or *-weights_manifest.json) and its .bin shards under public/ and load them by the served URL.")
    elif caller in _API:
        derived["loader"] = "http-api"
        parts.append(f"The request came from an API client ({caller}): the endpoint returned an HTML error or login page.")
        fix.append("Print res.status and the first bytes of the body; fix the base URL, key or proxy.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
