"""Computed diagnosis for recbole.interaction-field-missing: name the config that creates the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = facts.get("field")
    if not field:
        return None
    f = str(field)
    if f == "label" or f.endswith("label"):
        kind = "label"
        text = f"'{f}' is RecBole's LABEL_FIELD: it exists only when a threshold (or a real 0/1 column) defines it."
        fix = ("Add 'threshold: {rating: 4}' (or set LABEL_FIELD to an existing 0/1 column) and pass the YAML in config_file_list.",
               "Check the config dump at startup shows your threshold; if not, the YAML was not loaded.")
    elif f.startswith("neg_"):
        kind = "negative-sample"
        text = f"'{f}' is added by the training sampler (NEG_PREFIX + item field); this batch was not produced by it."
        fix = ("Use batches from the training dataloader, or set train_neg_sample_args so the sampler runs.",
               f"For a hand-made Interaction, add interaction['{f}'] yourself.")
    elif f.endswith("_list") or f == "item_length":
        kind = "sequence"
        text = f"'{f}' is built for sequential models only; the dataset/model type do not match."
        fix = ("Use a sequential model with a sequential setup (MAX_ITEM_LIST_LENGTH, time-ordered eval), or a general model.",)
    else:
        kind = "column"
        text = f"'{f}' is not among the loaded fields."
        fix = (f"Add '{f}' to load_col for its atomic file (inter/user/item) and check the header name and type suffix.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"missing {kind} field '{f}'", "kind": kind})
