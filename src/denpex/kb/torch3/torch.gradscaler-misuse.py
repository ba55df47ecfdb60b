"""Computed diagnosis for torch.gradscaler-misuse: which GradScaler ordering rule was broken."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-inf-checks":
        problem = "scaler.step found no gradients on this optimizer's parameters"
        text = ("GradScaler.step asserted because unscale_ recorded no inf checks: none of the optimizer's parameters has a "
                "gradient. The optimizer is holding parameters that backward never reached - frozen weights, a model copy "
                "created before .to('cuda') or PEFT wrapping, or a loss not connected to the trainable adapters.")
        fix = ("Build the optimizer after model.to(device) and get_peft_model(...), from [p for p in model.parameters() if p.requires_grad]; assert the list is non-empty.",
               "With gradient checkpointing and frozen embeddings call model.enable_input_require_grads().",
               "After loss.backward(), count parameters with p.grad is not None to confirm.")
    elif sig == "unscale-twice":
        problem = "unscale_ called twice before update"
        text = ("GradScaler.unscale_ ran a second time in the same update cycle: a manual scaler.unscale_ plus the library's own "
                "(accelerate clip_grad_norm_ / Trainer), unscale_ per micro-batch during gradient accumulation, or update() "
                "skipped after a step.")
        fix = ("Remove manual scaler.unscale_ when accelerate/Trainer clips for you; otherwise call it once, right before clipping.",
               "Call scaler.update() every iteration that called scaler.step(), including skipped steps.",
               "transformers 4.30.0 with accelerate 0.20.x: upgrade both (double unscale under gradient accumulation was fixed right after).")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
