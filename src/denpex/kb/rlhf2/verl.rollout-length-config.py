"""Computed diagnosis for verl.rollout-length-config: covered positions and the budget that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        f, n = facts.get("rope_scaling_factor"), facts.get("max_position_embeddings")
        if f is not None and n is not None:
            covered = int(float(f) * int(n))
            return Explanation(
                text=(f"With rope_scaling factor {float(f):g} the model covers {int(n)} x {float(f):g} = {covered} positions, "
                      "still fewer than data.max_prompt_length + data.max_response_length."),
                fix=(f"Keep data.max_prompt_length + data.max_response_length <= {covered}.",
                     f"Or raise the rope_scaling factor in the model config (each +1 adds {int(n)} positions; quality degrades with large factors)."),
                derived={"problem": f"prompt + response > {covered} positions", "covered_positions": covered},
            )
        return Explanation(
            text=("data.max_prompt_length + data.max_response_length exceeds the model's max_position_embeddings "
                  "(no rope_scaling in its config)."),
            fix=("Check max_position_embeddings in the model's config.json and keep prompt + response at or below it "
                 "(Qwen2.5-Math: 4096).",
                 "Or add a YaRN rope_scaling block to config.json to extend the context."),
            derived={"problem": "prompt + response > max_position_embeddings"},
        )
    except Exception:
        return None
