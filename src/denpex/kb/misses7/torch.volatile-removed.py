"""Computed diagnosis for torch.volatile-removed: which of the two legacy behaviours this log shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "volatile-leaf-only":
        return Explanation(
            text=("The code sets .volatile on a Variable produced by an operation; PyTorch 0.1-0.3 allow the flag only on "
                  "leaf Variables (inputs), because results inherit it."),
            fix=("Set volatile on the input Variable, or call .detach() first and set the flag on the detached leaf.",
                 "On PyTorch 0.4+ remove the flag and use `with torch.no_grad():` / .detach() instead."),
            derived={"what": "set on a non-leaf Variable (PyTorch <= 0.3)"},
        )
    if sig == "volatile-removed-warning":
        return Explanation(
            text=("This PyTorch (0.4+) ignores volatile=True: the evaluation code now records the autograd graph and keeps "
                  "all activations, using much more memory than the author's PyTorch 0.3 did."),
            fix=("Wrap the evaluation/inference code in `with torch.no_grad():` and drop volatile=... arguments.",),
            derived={"what": "ignored since PyTorch 0.4 (inference builds graphs)"},
        )
    return None
