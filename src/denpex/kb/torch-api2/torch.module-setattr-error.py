"""Computed diagnosis for torch.module-setattr-error: init order vs parameter replacement vs child module,
with the WeightDrop / ParameterList special cases."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    name = facts.get("param_name")
    vt = facts.get("value_type")
    derived: dict[str, Any] = {}
    if sig == "before-init":
        kind = facts.get("assigned_kind") or "attribute"
        derived["what"] = f"A {kind} was assigned before super().__init__() ran in an nn.Module subclass"
        return Explanation(
            text=f"An nn.Module subclass assigned a {kind} in __init__ before calling super().__init__(), so the module's registries do not exist yet.",
            fix=("Make super().__init__() the first statement of that __init__ (the frame above module.py __setattr__ in the traceback); if the class is in a library, upgrade it.",),
            derived=derived,
        )
    if sig == "tensor-as-child-module":
        derived["what"] = f"A {vt} was assigned to submodule attribute '{name}'"
        return Explanation(
            text=f"'{name}' is registered as a submodule, and code assigned a {vt} to it.",
            fix=(f"Assign an nn.Module (e.g. torch.nn.Identity() rather than a function, bound method or another library's Identity) or store the object under another attribute name; to drop the submodule, del self.{name} first.",
                 "If a library's own class is rejected (its Identity/wrapper is no longer an nn.Module), install the library version the project pins.",),
            derived=derived,
        )
    fix: list[str] = []
    if name and name.isdigit():
        derived["what"] = f"A plain {vt} was added to an nn.ParameterList / register_parameter (index {name})"
        text = f"A plain {vt} was passed to nn.ParameterList.append / register_parameter, which need nn.Parameter objects."
        fix.append("Wrap it: param_list.append(nn.Parameter(tensor)) / self.register_parameter(name, nn.Parameter(tensor)).")
    else:
        derived["what"] = f"A computed {vt} replaced the registered parameter '{name}'"
        text = f"'{name}' is a registered nn.Parameter and code assigned a plain {vt} to it (a computed weight, or a manual update written for an older PyTorch)."
        if name and name.startswith("weight_hh"):
            text += " This is the WeightDrop/DropConnect pattern (awd-lstm-lm), which newer PyTorch rejects."
            fix.append("Use torch.nn.utils.parametrize.register_parametrization(rnn, 'weight_hh_l0', <dropout module>) or an updated WeightDrop that deletes the parameter once and stores the raw weight under another name.")
        fix.append(f"To change its values: with torch.no_grad(): self.{name or 'param'}.copy_(new_value).")
        fix.append("For a weight derived from other parameters each forward, use torch.nn.utils.parametrize (or store it under a different, non-parameter attribute).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
