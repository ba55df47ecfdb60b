"""Computed diagnosis for captum.deeplift-module-reused: which module, in-place or not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mtype = str(facts.get("module_type") or "").strip()
    module = str(facts.get("module") or mtype).strip()
    if not mtype:
        return None
    inplace = "inplace=True" in module
    if inplace:
        text = (f"{module} is an in-place activation that DeepLift reached without its saved input/output: it is either "
                "called more than once in forward (shared module) or its input was overwritten in place.")
        fix = (f"Set inplace=False on every {mtype} and give each call its own {mtype} instance "
               "(torchvision ResNet reuses one self.relu per block).",
               "Or use IntegratedGradients / GradientShap, which keep no per-module state.")
    else:
        text = (f"The {mtype} module lost the input/output DeepLift stored on it: the same instance is called more than "
                "once in forward.")
        fix = (f"Create a separate {mtype}() for every place it is applied (no shared self.act in loops or blocks).",
               "Or use IntegratedGradients / GradientShap.")
    return Explanation(text=text, fix=fix, derived={"inplace": "yes" if inplace else "no"})
