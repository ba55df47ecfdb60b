"""Computed diagnosis for openai.strict-schema-invalid: turn the context tuple into a path and name the rule."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _path(context: str) -> str:
    parts = re.findall(r"'([^']*)'", context or "")
    out = "$"
    i = 0
    while i < len(parts):
        p = parts[i]
        if p == "properties" and i + 1 < len(parts):
            out += "." + parts[i + 1]
            i += 2
            continue
        if p == "items":
            out += "[*]"
        elif p in ("$defs", "definitions") and i + 1 < len(parts):
            out = "#/" + p + "/" + parts[i + 1]
            i += 2
            continue
        elif p in ("anyOf", "allOf", "oneOf") and i + 1 < len(parts):
            out += f" ({p} branch {parts[i + 1]})"
            i += 2
            continue
        else:
            out += "/" + p
        i += 1
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in ("additional-properties", "required-every-key", "keyword-not-permitted"):
        return None
    kind = facts.get("kind") or "response_format"
    name = facts.get("schema_name") or "?"
    path = _path(str(facts.get("context") or ""))
    where = "the root object" if path == "$" else f"the object at {path}"
    if sig == "additional-properties":
        rule = "object must set additionalProperties: false"
        text = f"In the {kind} schema '{name}', {where} does not set additionalProperties: false, which strict mode requires on every object."
        fix = (f"add \"additionalProperties\": false to {where} (and to every other object, nested ones and array items included)",
               "Pydantic: model_config = ConfigDict(extra='forbid') on each model, or let client.beta.chat.completions.parse build the schema")
    elif sig == "required-every-key":
        missing = facts.get("missing")
        rule = "every property must be in required" + (f" (missing '{missing}')" if missing else "")
        text = (f"In the {kind} schema '{name}', {where} has properties missing from 'required'"
                + (f" ('{missing}')" if missing else "") + ": strict mode allows no optional keys.")
        fix = ((f"list '{missing}' in required and make it nullable (\"type\": [<type>, \"null\"])" if missing else
                "list every property in required and make optional ones nullable"),
               "zod: .nullable() instead of .optional(); Pydantic: Optional[X] without a default")
    else:
        kw = facts.get("keyword") or "this keyword"
        rule = f"'{kw}' is not permitted"
        text = f"In the {kind} schema '{name}', {where} uses '{kw}', which strict mode does not accept for this model."
        fix = (f"remove '{kw}' from the schema (validate it in code after parsing instead)",)
    return Explanation(text=text, fix=fix, derived={"path": path, "rule": rule})
