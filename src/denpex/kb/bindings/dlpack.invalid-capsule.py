"""Computed diagnosis for dlpack.invalid-capsule: reuse vs versioned capsule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    producer = str(facts.get("producer") or "")
    if "cupy" in producer.lower() or producer == "toDlpack":
        return Explanation(
            text=("The capsule comes from CuPy. Recent CuPy releases (13.4+/14) may hand out DLPack 1.0 'dltensor_versioned' capsules, which an older "
                  "PyTorch rejects with this message even on the first use; a capsule stored and converted twice fails the same way."),
            fix=("Pass the array itself: torch.from_dlpack(cupy_array) (and cupy.from_dlpack(tensor) the other way) instead of from_dlpack(arr.toDlpack()).",
                 "Or pin CuPy to the release the project was tested with / upgrade PyTorch."),
            derived={"cause": "versioned capsule or reuse"},
        )
    return Explanation(
        text="from_dlpack found no unconsumed 'dltensor' capsule: the capsule was already converted once (single use), or the producer made a DLPack 1.0 versioned capsule this version cannot read.",
        fix=("Call from_dlpack on the producer object (torch.from_dlpack(x)) or create a fresh capsule for every conversion.",),
        derived={"cause": "capsule reused or versioned"},
    )
