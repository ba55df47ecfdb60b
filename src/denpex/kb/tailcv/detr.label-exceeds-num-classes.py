"""Computed diagnosis for detr.label-exceeds-num-classes: the num_classes the data needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        label = int(facts["label"])
        size = int(facts["size"])
    except (KeyError, TypeError, ValueError):
        return None
    need = label + 1
    text = (f"A target has category id {label} but the class-probability matrix has only {size} columns "
            f"(ids 0..{size - 1}). In original DETR the columns are num_classes + 1 (no-object), so num_classes "
            f"is {size - 1} now; focal-loss variants (Deformable-DETR, DINO) use num_classes = {size}. "
            f"This label needs num_classes >= {need}.")
    fix = (f"Set num_classes to at least {need} (max category id + 1), or remap category ids to 0..K-1.",
           "Check all ids: python -c \"import json; d=json.load(open('train.json')); print(sorted({a['category_id'] for a in d['annotations']}))\"")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"num_classes too small (needs >= {need})"})
