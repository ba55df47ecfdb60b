"""Computed diagnosis for data.map-function-output: what was returned and how to reshape it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-a-dict":
        t = str(facts.get("returned_type") or "").replace("<class '", "").replace("'>", "")
        if "Encoding" in t:
            problem = "returned a tokenizers.Encoding"
            fix = ("Return the tokenizer call's dict: return tokenizer(example['text'], truncation=True) (the BatchEncoding), "
                   "not tokenizer(...).encodings[0] / tokenizer._tokenizer.encode(...).",)
        else:
            problem = f"returned {t or 'a non-dict'}"
            fix = (f"Wrap the value in a dict: return {{'column_name': value}} instead of a bare {t or 'value'}.",)
        text = f"The map function returned {t or 'something other than a dict'}; map needs a dict (column -> value) or None."
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    if sig == "batched-types":
        vt = str(facts.get("value_types") or "")
        if "str" in vt or "int" in vt or "float" in vt or "bool" in vt:
            problem = "batched function returned single values"
            text = (f"With batched=True each dict value must be a list with one entry per row, but the values are {vt}: "
                    "the function builds one value for the whole batch (typical for a prompt-formatting function written per example).")
            fix = ("Loop over the batch and return lists: {'text': [fmt(a, b) for a, b in zip(batch['x'], batch['y'])]}",
                   "or drop batched=True if the function handles one example.")
        elif "Tensor" in vt or "torch" in vt or "tensorflow" in vt:
            problem = "batched function returned tensors (older datasets)"
            text = f"The values are tensors {vt}; this datasets version accepts only lists/arrays in batched map."
            fix = ("Remove return_tensors='pt' from the tokenizer call in map; use ds.set_format('torch') or the collator for tensors, "
                   "or upgrade datasets (2.5+ accepts tensors).",)
        else:
            problem = f"batched values of types {vt}"
            text = f"The batched map function returned values of types {vt}; each must be a list/array with one entry per row."
            fix = ("Return lists of per-row values for every key.",)
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    return None
