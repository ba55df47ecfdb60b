"""Computed diagnosis for ollama.tool-schema-rejected: which part of the tool schema did not decode."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("json_kind") or "")
    field = str(facts.get("go_field") or "")
    gotype = str(facts.get("go_type") or "")
    if not field:
        return None
    if kind == "array" and field.endswith("properties.type"):
        text = f"A tool parameter's 'type' is a JSON array (e.g. [\"string\", \"null\"]) but this Ollama expects one type string ({field})."
        fix = ("Upgrade Ollama (type arrays are accepted since the fix in PR #9434).",
               "Or flatten the union: 'type': 'string' and leave the field out of 'required'.")
    elif kind == "array" and field.endswith("properties"):
        text = f"A tool sends 'properties' as a JSON array ([]) where Ollama expects an object ({field})."
        fix = ("Send 'properties': {} for tools without arguments.",)
    elif kind == "string" and field.endswith("properties"):
        text = f"'properties' entries are strings where Ollama expects property objects ({gotype}): the tool definition is malformed or 'parameters' sits outside 'function'."
        fix = ("Nest it as {type: function, function: {name, description, parameters: {type: object, properties: {name: {type, description}}}}}.",)
    else:
        text = f"Ollama could not decode a JSON {kind} into {field} (expected {gotype})."
        fix = ("Dump the tools JSON the client sends and make that field match Ollama's tool format; upgrade Ollama.",)
    return Explanation(text=text, fix=fix)
