"""Computed diagnosis for torch.optimizer-params-invalid: empty list vs non-leaf vs wrong object type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    if sig == "empty-parameter-list":
        return Explanation(
            text="The optimizer received no parameters: everything was filtered out as frozen, the layers are not registered on the module, or the parameters() generator was already consumed.",
            fix=("Print sum(p.requires_grad for p in model.parameters()) and len(list(model.parameters())); unfreeze the layers meant to train, use nn.ModuleList/ModuleDict for sub-layers, and pass list(model.parameters()).",),
            derived={"what": "The optimizer got no parameters (all frozen, unregistered, or a consumed generator)"},
        )
    if sig == "non-leaf":
        return Explanation(
            text="A tensor passed to the optimizer was produced by an operation (.cuda()/.to() after requires_grad=True, arithmetic, slicing), so it is not a leaf and the optimizer cannot update it.",
            fix=("Create it as a leaf on its device: torch.randn(shape, device=dev, requires_grad=True), or t = t.detach().requires_grad_() (nn.Parameter(t.detach().clone()) for modules).",),
            derived={"what": "A non-leaf tensor (result of .cuda()/arithmetic/slicing) was passed to the optimizer"},
        )
    t = facts.get("param_type") or "a non-tensor"
    hint = {
        "tuple": "named_parameters() yields (name, parameter) pairs - pass [p for n, p in model.named_parameters()]",
        "str": "parameter names were passed instead of parameters - look them up: dict(model.named_parameters())[name]",
    }.get(t, "pass torch.nn.Parameter / tensors (for groups: {'params': [tensors], 'lr': ...})")
    return Explanation(
        text=f"One of the optimizer's params is a {t}, not a tensor.",
        fix=(hint[0].upper() + hint[1:] + ".",),
        derived={"what": f"The optimizer was given a {t} instead of tensors"},
    )
