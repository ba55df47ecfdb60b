"""Computed diagnosis for opennmt.copy-attn-data-mismatch: which copy field was missing and what that implies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "alignment": "the loss needs the target-to-source alignment that preprocess.py -dynamic_dict writes",
    "src_map": "the copy generator needs the source-position map that preprocess.py -dynamic_dict writes",
    "src_ex_vocab": "a copy-attention model is reading data prepared without the per-example source vocabulary (-dynamic_dict)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("field") or "")
    if not field:
        return None
    diagnosis = _WHAT.get(field, "copy attention needs fields that only preprocess.py -dynamic_dict writes")
    text = (f"The batch lacks '{field}': {diagnosis}. The model uses copy attention (-copy_attn, or a checkpoint "
            "trained with it) but the data shards were built without the dynamic dictionary.")
    fix = ("Re-run preprocess.py with -dynamic_dict (same vocabulary options), or train without -copy_attn.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
