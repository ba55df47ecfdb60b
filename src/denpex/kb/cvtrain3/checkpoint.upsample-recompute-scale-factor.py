"""Computed diagnosis for checkpoint.upsample-recompute-scale-factor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    version = facts.get("torch_version")
    text = ("An nn.Upsample module unpickled from an old full-model checkpoint has no recompute_scale_factor "
            "attribute, which PyTorch 1.11+ reads in forward.")
    if isinstance(version, str):
        parts = version.split(".")
        try:
            newer = (int(parts[0]), int(parts[1])) >= (1, 11)
        except (ValueError, IndexError):
            newer = True
        if newer:
            text += f" This run uses torch {version} (>= 1.11), so checkpoints saved under <= 1.10 hit it."
    fix = ("After loading: for m in model.modules(): if isinstance(m, torch.nn.Upsample): m.recompute_scale_factor = None",
           "Update the repository (YOLOv5 v6.1+ attempt_load applies this) or port the patch into the fork's loader, then re-save the model.",
           "Or pin torch 1.10.x (with torchvision 0.11.x) for that old code.")
    return Explanation(text=text, fix=fix, derived={})
