"""Computed diagnosis for catboost.internal-error: which CatBoost subsystem's invariant failed, and the matching workaround."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_AREAS = (
    ("tensor_search_helpers", "tree split search (GetSplit found no candidate)",
     "Change grow_policy / depth / select_features for this call or upgrade CatBoost; in a tuner mark the trial failed."),
    ("features_data_helpers", "feature data access for prediction (quantized column layout)",
     "Predict on a non-quantized Pool (or the raw DataFrame), or treat the two-valued categorical feature as numeric."),
    ("libs/data", "pool / quantization code",
     "Build the Pool without pre-quantization or with other border settings, and upgrade CatBoost."),
    ("greedy_tensor_search", "tree structure search",
     "Try another grow_policy or score_function, and upgrade CatBoost."),
    ("cuda/", "GPU training code",
     "Try task_type='CPU' for this configuration, and upgrade CatBoost."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = facts.get("source_file")
    if not isinstance(src, str) or not src:
        return None
    line = facts.get("source_line")
    detail = facts.get("detail")
    where = f"{src}:{line}" if line is not None else src
    for key, area, fix in _AREAS:
        if key in src:
            diag = area
            break
    else:
        diag, fix = "internal invariant", "Upgrade CatBoost and change the parameters of the failing call; report a reproducer upstream."
    text = f"An internal CatBoost check failed in {where} ({diag})"
    text += f": {detail}." if detail else "."
    text += " This is a CatBoost implementation path, not an input validation message."
    return Explanation(text=text, fix=(fix, "pip install -U catboost; if it persists, open an issue with the version, file:line and parameters."),
                       derived={"diagnosis": diag})
