"""Computed diagnosis for hf.trainer-columns-removed: raw vs tokenized columns vs everything removed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RAW = {"text", "sentence", "sentence1", "sentence2", "messages", "conversations", "prompt", "completion", "question",
        "answer", "context", "audio", "image", "instruction", "input", "output", "content", "document", "summary", "path"}
_TOKENIZED = {"input_ids", "attention_mask", "labels", "label", "token_type_ids", "input_values", "input_features", "pixel_values"}


def _names(s: Any) -> list[str]:
    raw = str(s or "").strip().strip("[]")
    return [n for n in (x.strip().strip("'\"") for x in re.split(r",", raw)) if n]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cols = _names(facts.get("ignored") if sig == "no-columns-match" else facts.get("provided"))
    raw = [c for c in cols if c.lower() in _RAW]
    tok = [c for c in cols if c in _TOKENIZED]
    if sig == "collator-no-input-ids" and not cols:
        cause = "empty features"
        text = ("The collator received samples with no keys at all: every column was removed (forward signature without the "
                "column names) or some examples are empty dicts.")
        fix = ("Set remove_unused_columns=False if the model is a custom/wrapped module, and filter empty examples "
               "(ds.filter(lambda x: len(x['input_ids']) > 0)).",)
    elif raw and not any(c in ("input_ids", "input_values", "input_features", "pixel_values") for c in cols):
        cause = f"untokenized columns {raw}"
        text = (f"The batches carry raw columns {cols}: the Trainer received the untokenized dataset "
                "(or a collator expected to tokenize them but they were dropped).")
        fix = (f"Pass the tokenized dataset: ds.map(tokenize_fn, batched=True, remove_columns={cols!r}).",
               "If your collator tokenizes per batch, set remove_unused_columns=False.")
    elif tok:
        cause = f"tokenized columns {tok} dropped by the signature filter"
        text = (f"Only {cols} reached this point: the model's forward signature does not name the tokenized columns "
                "(custom module or wrapper with *args/**kwargs), so remove_unused_columns dropped them.")
        fix = ("TrainingArguments(remove_unused_columns=False), or give forward explicit parameters (input_ids, attention_mask, labels).",)
    else:
        cause = f"columns {cols or 'unknown'}"
        text = f"None of the columns {cols} is a model input."
        fix = ("Check train_dataset.column_names against inspect.signature(model.forward); tokenize or set remove_unused_columns=False.",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
