"""Computed diagnosis for vllm.lora-rejected: the --max-lora-rank to use, or what a missing LoRA implementation means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ALLOWED = (8, 16, 32, 64, 128, 256, 320, 512)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    r, m = facts.get("lora_rank"), facts.get("max_lora_rank")
    if isinstance(r, int) and isinstance(m, int):
        nxt = next((a for a in _ALLOWED if a >= r), None)
        problem = f"adapter rank {r} > --max-lora-rank {m}"
        text = f"The adapter was trained with rank {r}; vLLM's LoRA slots are sized for rank {m}" + (" (the default)." if m == 16 else ".")
        fix = [f"Restart with --max-lora-rank {nxt} (max_lora_rank={nxt} in LLM()): the smallest allowed value >= {r}." if nxt else f"Rank {r} is above every value vLLM allows; retrain with a lower rank or merge the adapter into the base weights."]
        fix.append("Or merge the adapter into the base model and serve it without --enable-lora.")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
    cls = facts.get("model_class")
    if cls:
        problem = f"{cls} has no LoRA support in this vLLM"
        return Explanation(
            text=f"vLLM's implementation of {cls} does not provide LoRA layers in the installed release, so --enable-lora cannot wrap it.",
            fix=(f"Upgrade vLLM and check the LoRA column for {cls} in the supported-models table.",
                 "Or merge the adapter into the base weights (peft merge_and_unload) and serve the merged model without --enable-lora."),
            derived={"problem": problem},
        )
    return None
