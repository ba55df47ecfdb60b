"""Computed diagnosis for vllm.max-model-len-exceeds-derived: how far over, and the rope-scaling factor that would cover it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    want, have = facts.get("max_model_len"), facts.get("derived_max_model_len")
    if not (isinstance(want, int) and isinstance(have, int) and have > 0):
        return None
    key = facts.get("derived_key")
    src = f"{key}={have}" if isinstance(key, str) and key and key != "None" else f"{have}"
    ratio = want / have
    factor = float(max(2, math.ceil(ratio)))
    text = (
        f"--max-model-len {want} is {ratio:.2f}x the {have}-token window vLLM derived from config.json ({src}). "
        "The model has no positions beyond that unless rope scaling extends them."
    )
    fix = [
        f"--max-model-len {have}   (the model's native window)",
        "If the model card documents YaRN for a longer context: --hf-overrides "
        f"'{{\"rope_scaling\": {{\"rope_type\": \"yarn\", \"factor\": {factor}, \"original_max_position_embeddings\": {have}}}}}' "
        f"--max-model-len {want}   (allows up to {int(factor * have)})",
        "Only if config.json understates a window the model really supports: VLLM_ALLOW_LONG_MAX_MODEL_LEN=1",
    ]
    if key == "None":
        text += " The key shows None: vLLM found no position-limit field and fell back to a default, so check config.json."
    return Explanation(
        text=text,
        fix=tuple(fix),
        derived={"over_by_tokens": want - have, "ratio": round(ratio, 2), "yarn_factor_needed": factor},
    )
