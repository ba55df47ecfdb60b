"""Computed diagnosis for ddp.mark-ready-twice: which parameter, and which fix fits it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("param_name")
    index = facts.get("param_index")
    ckpt = facts.get("reentrant_checkpoint")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if name:
        derived["param"] = f"{name} (index {index})" if index is not None else name
    elif index is not None:
        derived["param"] = f"at index {index}"
    else:
        derived["param"] = "(unnamed)"
    if ckpt:
        parts.append("The traceback runs through torch/utils/checkpoint.py: a reentrant activation checkpoint ran a nested backward that fired DDP's gradient hook a second time.")
    lname = str(name or "").lower()
    if "lora_" in lname:
        parts.append(f"{name} is a LoRA adapter weight: PEFT + gradient checkpointing + DDP, typically with reentrant checkpointing and the trainer's unused-parameter detection on.")
        fix.append("Hugging Face / TRL: gradient_checkpointing_kwargs={'use_reentrant': False} and ddp_find_unused_parameters=False.")
    elif name:
        parts.append(f"The parameter is {name}; look for the module that owns it being wrapped by a checkpoint, called twice, or called outside the DDP model's forward.")
    elif index is not None:
        parts.append(f"DDP printed only the parameter index ({index}).")
        fix.append("Rerun with TORCH_DISTRIBUTED_DEBUG=INFO to get the parameter name.")
    if not any("use_reentrant" in f for f in fix):
        fix.append("Use non-reentrant checkpointing: checkpoint(fn, *args, use_reentrant=False) (HF: gradient_checkpointing_kwargs={'use_reentrant': False}).")
    fix.append("Or, if the graph is the same every iteration: DistributedDataParallel(model, static_graph=True); and set find_unused_parameters=False when all trainable parameters are used.")
    if not parts:
        return Explanation(text="", fix=tuple(fix), derived=derived)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
