"""Computed diagnosis for torch.no-grad-fn: which tensor has no graph and, from the lines before it, why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _count(text: object) -> int | None:
    try:
        return int(str(text).replace(",", ""))
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    element = facts.get("element")
    trainable = _count(facts.get("trainable_params")) if facts.get("trainable_params") is not None else None
    ckpt = bool(facts.get("checkpoint_warning"))
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if element is not None:
        idx = int(element)
        derived["element"] = idx
        if idx == 0:
            parts.append("The first tensor given to backward (normally the loss itself) has no autograd history.")
        else:
            parts.append(
                f"Tensor number {idx} of the list given to torch.autograd.backward has no autograd history "
                f"(tensors 0..{idx - 1} were fine), so only that term is detached."
            )
    if trainable is not None:
        derived["trainable_params"] = trainable
    if trainable == 0:
        derived["cause"] = "all-frozen"
        parts.append("The log reports 0 trainable parameters: every parameter is frozen, so no loss can have a grad_fn.")
        fix.append("Unfreeze what you mean to train (requires_grad_(True) on those modules) or fix the PEFT config so adapters are created; check with model.print_trainable_parameters().")
    elif ckpt:
        derived["cause"] = "checkpoint-frozen-inputs"
        parts.append(
            "The log warns 'None of the inputs have requires_grad=True' from torch.utils.checkpoint: gradient checkpointing "
            "runs blocks whose inputs come from frozen layers, records no graph for them, and cuts the trainable "
            "(e.g. LoRA) weights off from the loss."
            + (f" {trainable:,} parameters are trainable, so the model is not fully frozen." if trainable else "")
        )
        fix.append("Call model.enable_input_require_grads() before wrapping the model with PEFT (or use peft.prepare_model_for_kbit_training).")
        fix.append("Or use non-reentrant checkpointing: model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={'use_reentrant': False}) / TrainingArguments(gradient_checkpointing_kwargs={'use_reentrant': False}).")
    else:
        fix.append("Print loss.requires_grad and loss.grad_fn just before backward; then look for torch.no_grad()/inference_mode(), .detach(), .item(), .numpy() or torch.tensor(...) on the path from the model output to the loss.")
        fix.append("Confirm something is trainable: sum(p.numel() for p in model.parameters() if p.requires_grad) > 0.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
