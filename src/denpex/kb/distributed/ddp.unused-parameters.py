"""Computed diagnosis for ddp.unused-parameters: which module's parameters DDP waited for."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LEAF = re.compile(r"\.(?:weight|bias|[A-Za-z_]*(?:scale|gamma|beta|embedding|embeddings)|[A-Za-z_]+_(?:weight|bias|proj))$")


def _module_of(param: str) -> str:
    """'model.encoder.layers.22.final_layer_norm.bias' -> 'model.encoder.layers.22' (the numbered block)."""
    parts = param.split(".")
    numbered = [i for i, p in enumerate(parts) if p.isdigit()]
    if numbered:
        return ".".join(parts[: numbered[-1] + 1])
    stripped = _LEAF.sub("", param)
    return stripped if stripped != param else ".".join(parts[:-1]) or param


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank = facts.get("rank")
    names_text = facts.get("unused_params")
    first = facts.get("unused_param")
    indices = facts.get("unused_indices")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    where = f" on rank {rank}" if rank is not None else ""
    if names_text or first:
        names = [n.strip() for n in str(names_text or first).split(",") if n.strip()]
        complete = [n for n in names if re.fullmatch(r"[A-Za-z_][\w.]*\.\w+", n)]
        modules: list[str] = []
        for n in complete or names:
            m = _module_of(n)
            if m not in modules:
                modules.append(m)
        if modules:
            derived["unused_layer"] = modules[0]
            derived["unused_modules"] = modules
        derived["unused_param_count"] = len(names)
        shown = ", ".join(modules[:4]) + (" ..." if len(modules) > 4 else "")
        parts.append(
            f"{len(names)} parameter(s){where} got no gradient in the previous step; they belong to {shown}. "
            "Their output does not reach the loss (or is only used on some batches), so DDP's gradient reduction never finished."
        )
        target = modules[0] if modules else str(first)
        fix.append(f"If {target} is not meant to train: freeze it before wrapping in DDP (for p in model.get_submodule('{target}').parameters(): p.requires_grad_(False)) or remove it.")
        fix.append(f"If {target} is used only on some batches: DistributedDataParallel(model, find_unused_parameters=True) (HF Trainer: ddp_find_unused_parameters=True).")
    elif indices:
        idx = str(indices).split()
        derived["unused_param_count"] = len(idx)
        parts.append(
            f"{len(idx)} parameter(s){where} (indices {' '.join(idx[:10])}{' ...' if len(idx) > 10 else ''} among the parameters "
            "that require grad, in registration order) got no gradient in the previous step."
        )
        fix.append("Re-run with TORCH_DISTRIBUTED_DEBUG=INFO to get their names, or map the indices: "
                   f"[n for i, (n, p) in enumerate((x for x in model.named_parameters() if x[1].requires_grad)) if i in {{{', '.join(idx[:10])}}}]")
    elif facts.get("_signature") == "lightning-unused-parameters":
        parts.append(
            "Lightning's DDP strategy found parameters that got no gradient from the loss training_step returned: "
            "a submodule is not used in the forward, is used only on some batches, or feeds only a value that is not part of the loss."
        )
        fix.append("If they are used only on some steps: Trainer(strategy='ddp_find_unused_parameters_true') "
                   "(or strategy=DDPStrategy(find_unused_parameters=True)).")
        fix.append("If they are never meant to train: freeze them (requires_grad_(False)) in __init__ or remove them; "
                   "TORCH_DISTRIBUTED_DEBUG=DETAIL prints their names.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
