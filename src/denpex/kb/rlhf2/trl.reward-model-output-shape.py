"""Computed diagnosis for trl.reward-model-output-shape: which head the sizes point at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        a, b, d = facts.get("size_a"), facts.get("size_b"), facts.get("dim")
        if a is None or b is None:
            return None
        a, b = int(a), int(b)
        d = int(d) if d is not None else None
        if str(facts.get("trainer_file") or "") in ("ppo_trainer", "rloo_trainer"):
            small = min(a, b)
            if d == 2 and small <= 16:
                text = (f"The value/reward model outputs {small} numbers per token (tensor of size {small} at dimension 2): "
                        f"a classification head with num_labels={small} instead of 1.")
                prob = f"a {small}-label head (num_labels must be 1)"
            else:
                text = (f"Values/scores of length {a} and {b} do not line up with the padding mask (dimension {d}); the value or "
                        "reward model does not return one scalar per token position.")
                prob = "value/reward output shape does not match the padding mask"
            fix = ("Load reward_model and value_model with AutoModelForSequenceClassification.from_pretrained(name, num_labels=1).",
                   "Set model.config.pad_token_id = tokenizer.pad_token_id for both.")
            return Explanation(text=text, fix=fix, derived={"problem": prob})
        if d == 1:
            text = (f"rewards_chosen and rewards_rejected have {a} and {b} positions along dimension 1: the model returns one "
                    "output per token (a causal-LM head or LoRA task_type CAUSAL_LM), not one reward per sequence.")
            prob = f"per-token outputs ({a} vs {b} positions)"
        else:
            text = (f"rewards_chosen and rewards_rejected differ at dimension {d} ({a} vs {b}): the reward model's output is "
                    "not [batch, 1].")
            prob = f"reward outputs differ at dimension {d}"
        fix = ("Use AutoModelForSequenceClassification.from_pretrained(name, num_labels=1) as the RewardTrainer model.",
               "With PEFT set LoraConfig(task_type='SEQ_CLS'), and set model.config.pad_token_id.")
        return Explanation(text=text, fix=fix, derived={"problem": prob})
    except Exception:
        return None
