"""Computed diagnosis for torch.module-missing-forward: container called directly vs a class without forward."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONTAINERS = {"ModuleList", "ModuleDict", "ParameterList", "ParameterDict"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mod = facts.get("module")
    if not mod:
        return None
    call = facts.get("call_line")
    at = f" at `{call.strip()}`" if call else ""
    if mod.split(".")[-1] in _CONTAINERS:
        text = (f"A {mod} was called like a layer{at}. Containers have no forward; this usually means the code was written "
                "for a library version where this attribute was a single layer, or it should iterate over the container.")
        fix = (
            "Iterate over it: for layer in <container>: x = layer(x) (ModuleDict: call <container>[key](x)), or use nn.Sequential.",
            "If the call is in patched third-party code (attention processors, timm features), install the library version the code pins.",
        )
        return Explanation(text=text, fix=fix, derived={"what": f"{mod} container called as a layer", "cause": "container-called"})
    text = f"Class {mod} defines no forward method (misspelled, wrong indentation, or missing), so calling it{at} reached the base-class placeholder."
    fix = (f"Define `def forward(self, ...)` at class level in {mod} (check for foward/Forward or a def nested inside __init__).",)
    return Explanation(text=text, fix=fix, derived={"what": f"module {mod} has no forward method", "cause": "forward-not-defined"})
