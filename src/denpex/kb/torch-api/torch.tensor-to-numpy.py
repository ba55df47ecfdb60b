"""Computed diagnosis for torch.tensor-to-numpy: the conversion that fits the tensor's device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = facts.get("device")
    if dev is None:
        return Explanation(
            text="The tensor still requires grad (it is part of an autograd graph), so NumPy may not share its memory.",
            fix=(
                "Convert with t.detach().cpu().numpy() (or t.item() for a scalar).",
                "Compute evaluation outputs under torch.no_grad() so they never require grad.",
            ),
            derived={"requires_grad": True},
        )
    d = "cuda" if str(dev) == "CUDA" else str(dev)
    kind = d.split(":")[0]
    text = (
        f"The tensor lives in {kind} device memory ({d}); NumPy can only wrap host (CPU) memory. "
        "This usually comes from predictions/losses passed to NumPy, sklearn or matplotlib after the model was moved to the GPU."
    )
    return Explanation(
        text=text,
        fix=(
            "Copy to the host first: t.detach().cpu().numpy() (.detach() also avoids the follow-up 'requires grad' error).",
            "For scalars use t.item(); for metrics keep tensors on the device and convert once (torch.cat(preds).cpu().numpy()).",
        ),
        derived={"device_kind": kind},
    )
