"""Computed diagnosis for config.validation-error: which field of which config failed, and what the pydantic
error type means for the fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# pydantic error types (v2 names; v1 'value_error.missing' style mapped below) -> (meaning, fix)
_TYPES: dict[str, tuple[str, str]] = {
    "missing": ("a required key is absent", "Add {f} to the config (check the spelling and the nesting level)."),
    "extra_forbidden": (
        "the config has a key this version does not know",
        "Remove or rename {f}: it is misspelled, or was renamed/removed in the installed version (see its release notes).",
    ),
    "literal_error": ("the value is not one of the allowed choices", "Use one of the values listed in the message for {f} (case matters)."),
    "enum": ("the value is not one of the allowed choices", "Use one of the values listed in the message for {f} (case matters)."),
    "value_error": ("a validator of the config rejected the values", "Fix what the message says; the text after 'Value error,' is the actual start-up check that failed."),
    "assertion_error": ("an assertion in a validator failed", "Fix what the assertion checks (the text after 'Assertion failed,')."),
}
_V1 = {"value_error.missing": "missing", "value_error.extra": "extra_forbidden"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model")
    if not model:
        return None
    count = facts.get("count")
    field = str(facts.get("field") or "")
    error = str(facts.get("error") or "").strip()
    etype = str(facts.get("error_type") or "")
    etype = _V1.get(etype, etype)
    for prefix in ("Value error, ", "Assertion failed, "):
        if error.startswith(prefix):
            error = error[len(prefix):]
    derived: dict[str, Any] = {}
    what = f"{field}: {error}" if field and error else (error or (f"field {field}" if field else "see the lines under the header"))
    derived["what"] = what[:300]
    f = f"'{field}'" if field else "the field"
    parts = [f"pydantic refused to build {model}" + (f" ({count} error{'s' if count != 1 else ''})" if isinstance(count, int) else "") + "."]
    fix: list[str] = []
    if field:
        parts.append(f"The first failing field is {field}" + (f": {error}." if error else "."))
    elif error:
        parts.append(f"A model-level check failed: {error}.")
    kind = None
    if etype in _TYPES:
        kind = etype
    elif etype.endswith(("_parsing", "_type")) or etype.startswith("type_error"):
        parts.append(f"{f} has a value of the wrong type ({etype}): a quoted number, a string from an environment variable, or a list where a single value is expected.")
        fix.append(f"Give {f} a value of the declared type (YAML: unquoted 0.0001 or 1.0e-4 for floats, true/false for booleans).")
    elif etype.startswith(("greater_than", "less_than", "too_short", "too_long")) or etype.startswith("value_error.number"):
        parts.append(f"{f} is out of the allowed range ({etype}).")
        fix.append(f"Set {f} within the bounds the message gives.")
    if kind:
        meaning, fixline = _TYPES[kind]
        parts.append(f"Error type {etype}: {meaning}.")
        fix.append(fixline.format(f=f))
    low = error.lower()
    if re.search(r"expecting value|jsondecodeerror|extra data|unterminated string|expecting property name", low):
        parts.append("The message is a JSON parse error: a config file the tool read while validating (config.json, tokenizer_config.json, preprocessor_config.json, generation_config.json) is empty, truncated or not JSON (e.g. a Git LFS pointer or an HTML error page).")
        fix.insert(0, "Check the JSON files of the model directory: python -m json.tool <model_dir>/config.json (and the other *.json); re-download any that fail.")
    elif "architecture" in low:
        parts.append("This is an architecture check: the model class in config.json is not one the installed version supports (see vllm.unsupported-architecture).")
    elif "max_model_len" in low or "max_position_embeddings" in low:
        fix.insert(0, "Lower --max-model-len to the model's limit, or set it deliberately (VLLM_ALLOW_LONG_MAX_MODEL_LEN=1) when the model supports rope scaling.")
    if str(model).endswith("Config") and "vllm" not in low and not fix:
        fix.append("Compare the config with the installed version's documented options and rename or drop the key the error names.")
    if not fix:
        fix.append(f"Fix {f} of {model} as the message says, then rerun; validation stops at start-up, so the check is quick.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
