"""Computed text for hf.input-shape-invalid: what the printed shapes say about the batch dimension."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(shape: str) -> list[int]:
    return [int(x) for x in re.findall(r"[0-9]+", shape or "")]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ishape, mshape = str(facts.get("input_shape") or ""), str(facts.get("mask_shape") or "")
    if ishape or mshape:
        di, dm = _dims(ishape), _dims(mshape)
        if len(dm) <= 1:
            seq = dm[0] if dm else (di[0] if di else "?")
            what = f"attention_mask is 1-D (shape {mshape or '?'}): the batch dimension is missing"
            text = (f"input_ids {ishape} / attention_mask {mshape}: a single sequence of length {seq} without its batch dimension "
                    "reached the model (tokenized without return_tensors='pt', built with torch.tensor(...['input_ids']), or squeezed in a Dataset).")
            fix = ("Add the batch dimension: input_ids = input_ids.unsqueeze(0); attention_mask = attention_mask.unsqueeze(0) - or tokenize with tokenizer(text, return_tensors='pt').",
                   "If the tensors come from a Dataset, batch them through a DataLoader/collator instead of calling the model on one item.")
        else:
            what = f"attention_mask has {len(dm)} dimensions (shape {mshape}); the model accepts 2-D (batch, seq) or 3-D"
            text = f"The attention mask {mshape} has {len(dm)} dimensions; it must be (batch, seq_len) (or (batch, query, key))."
            fix = ("Reshape the mask to (batch, seq_len), e.g. attention_mask.view(input_ids.shape), and check the collator does not add an extra axis.",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    return Explanation(
        text="The model's forward needs exactly one of input_ids or inputs_embeds; check how the batch is passed.",
        fix=("Call model(**batch) with keys named input_ids / attention_mask (print batch.keys()).",
             "With the Trainer, make sure the dataset has an input_ids column (or set remove_unused_columns=False when a custom collator needs other columns)."),
        derived={"what": "forward got neither (or both) of input_ids and inputs_embeds: call model(**batch) with input_ids, or pass only inputs_embeds"},
    )
