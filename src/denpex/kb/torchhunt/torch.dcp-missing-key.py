"""Computed diagnosis for torch.dcp-missing-key: hint from the missing fqn's shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fqn = str(facts.get("fqn") or "").rstrip(".")
    if not fqn:
        return None
    if "_orig_mod." in fqn or fqn.startswith("module.") or ".module." in fqn:
        hint = ("The key carries a wrapper prefix (_orig_mod. from torch.compile or module. from DDP): the model was wrapped "
                "differently when the checkpoint was saved.")
        fix = (f"Load before wrapping (torch.compile/DDP) or strip the prefix so '{fqn}' matches the saved name.",)
    elif "_extra_state" in fqn:
        hint = ("The missing key is a Transformer Engine/_extra_state entry: the model now has modules (fp8 metadata) the saved "
                "model did not.")
        fix = ("Build the model with the same Transformer Engine / fp8 settings as at save time, or drop _extra_state keys "
               "from the state_dict before dcp.load.",)
    else:
        hint = f"The model you are loading into has '{fqn}', which the checkpoint never saved."
        fix = (f"Check that the checkpoint directory is the right one and that the model config matches; or remove '{fqn}' "
               "(and keys like it) from the state_dict passed to dcp.load when loading a subset on purpose.",)
    return Explanation(text=hint, fix=fix, derived={"fqn": fqn})
