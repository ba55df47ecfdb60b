"""Computed diagnosis for torch.backward-non-scalar: DataParallel per-GPU losses vs an unreduced loss."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("dp_gather"):
        return Explanation(
            text=(
                "The log shows DataParallel's warning that it gathered scalar outputs into a vector: the model returns its loss "
                "from forward(), each GPU produced one, and backward() received a vector of per-GPU losses."
            ),
            fix=(
                "Average the per-GPU losses before backward: loss = loss.mean(); loss.backward().",
                "If multi-GPU was not intended, expose one GPU (CUDA_VISIBLE_DEVICES=0); for real multi-GPU training prefer DistributedDataParallel.",
            ),
            derived={"cause": "dataparallel-vector-loss"},
        )
    return None
