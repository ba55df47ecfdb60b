"""Computed diagnosis for functorch.vmap-randomness-error: which randomness mode to pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "error-mode":
        diagnosis = "random op under vmap with the default randomness='error'"
        text = ("A random operation (dropout in train mode, rand/randn, bernoulli) ran inside vmap without a randomness "
                "mode. Choose 'different' to match a per-element loop, 'same' to share one draw.")
        fix = ("torch.vmap(fn, randomness='different')  # TorchRL: loss_module.set_vmap_randomness('different')",
               "Or model.eval() / draw the noise outside vmap and pass it in.")
    elif sig == "same-batched":
        diagnosis = "randomness='same' used on a batched random input"
        text = ("randomness='same' cannot share one draw for a random op whose input is batched (dropout of batched "
                "activations). Use 'different', or create the shared noise from unbatched shapes.")
        fix = ("torch.vmap(fn, randomness='different')",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
