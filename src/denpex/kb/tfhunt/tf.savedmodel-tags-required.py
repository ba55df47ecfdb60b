"""Computed diagnosis for tf.savedmodel-tags-required: name the tag sets to choose from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tag_sets = str(facts.get("tag_sets") or "").strip()
    if not tag_sets:
        return None
    n = facts.get("n_metagraphs")
    text = f"The SavedModel has {n or 'several'} MetaGraphs with tag sets {tag_sets}; the load call gave no tags."
    fix = []
    if "[]" in tag_sets:
        fix.append("Inference: hub.KerasLayer(handle, tags=set()) / hub.load(handle, tags=[]).")
    if "'train'" in tag_sets:
        fix.append("Fine-tuning: hub.KerasLayer(handle, trainable=True, tags={'train'}).")
    if not fix:
        fix.append(f"Pass one of the tag sets {tag_sets} as tags= (a set of strings).")
    return Explanation(text=text, fix=tuple(fix), derived={})
