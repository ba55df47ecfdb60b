"""Computed diagnosis for torch.hub-trust-repo-unsupported: name the hub entry point that got the keyword."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    entry = facts.get("entry")
    if not isinstance(entry, str) or not entry:
        return None
    if entry in {"load", "list", "help", "_load_local"}:
        text = (f"torch.hub.{entry}() itself rejected trust_repo: this PyTorch predates the parameter (added in 1.12).")
    else:
        text = (f"The hubconf entry point {entry}() received trust_repo because this PyTorch's torch.hub.load (< 1.12) does "
                "not know the keyword and forwards it to the model function.")
    fix = (
        "pip install 'torch>=1.12' torchvision  # matching pair for your CUDA from pytorch.org",
        f"Or keep this PyTorch and drop the keyword: torch.hub.load(<repo>, '{entry}', ...) without trust_repo=...",
    )
    return Explanation(text=text, fix=fix, derived={})
