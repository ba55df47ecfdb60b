"""Computed diagnosis for functorch.vmap-data-dependent: which Python conversion was attempted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_SIG = {
    "control-flow": ("bool(tensor) inside vmap (if/while/assert or argument validation)",
                     ("Replace `if cond:` with torch.where(cond, a, b) or torch.cond(pred, true_fn, false_fn, (x,)).",
                      "Move asserts/validation outside vmap; torch.distributions: validate_args=False.")),
    "item": (".item()/float()/int() on a batched tensor inside vmap",
             ("Keep the value as a 0-d tensor and use tensor ops with it.",
              "Compute Python scalars (linspace/arange sizes) outside vmap and pass them with in_dims=None.")),
    "allclose": ("torch.allclose inside vmap/jacrev",
                 ("Use torch.isclose(a, b).all() as a tensor, or move the check outside the transformed function.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig not in _BY_SIG:
        return None
    diagnosis, fix = _BY_SIG[sig]
    text = (f"The vmapped function needs a single Python value from a batched tensor: {diagnosis}. "
            "Under vmap a tensor holds the whole batch, so the code must stay in tensor ops.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
