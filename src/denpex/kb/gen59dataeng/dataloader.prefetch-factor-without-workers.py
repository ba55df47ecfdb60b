"""Computed diagnosis for dataloader.prefetch-factor-without-workers: which torch rule was hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") not in (None, "prefetch-factor-single-process"):
        return None
    if facts.get("otherwise_hint"):
        era = "torch >= 2.0"
        text = ("torch 2.x wording: with num_workers=0 any integer prefetch_factor is refused (the default is None), "
                "so even prefetch_factor=2 - the old default many scripts hard-code - fails here.")
    else:
        era = "torch 1.7-1.13"
        text = ("torch 1.x wording: with num_workers=0 only the default prefetch_factor=2 is accepted, and the code "
                "passed another value.")
    fix = ("DataLoader(..., num_workers=nw, prefetch_factor=(pf if nw > 0 else None))",
           "or set num_workers >= 1 so that there are workers to prefetch.")
    return Explanation(text=text, fix=fix, derived={"torch_era": era})
