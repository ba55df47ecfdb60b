"""Computed diagnosis for tf.graphdef-2gb-limit: size in GiB when the message carries it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("size_bytes")
    try:
        size = int(raw) if raw is not None else None
    except (TypeError, ValueError):
        size = None
    if size is None:
        return Explanation(text=("TensorFlow could not serialise the graph: a GraphDef must stay under 2 GB (protobuf limit). "
                                 "Data or weights are embedded as constants, or ops are being added inside a loop."),
                           derived={"size": ""})
    gib = size / 2**30
    over = size - 2**31
    text = (f"The serialised GraphDef is {gib:.2f} GiB ({size} bytes), {over / 2**20:.0f} MiB over the 2 GiB protobuf limit. "
            "Whatever is stored inside NodeDefs (constants from numpy arrays, frozen weights, ops created per step) has to move "
            "out of the graph.")
    return Explanation(text=text, derived={"size": f": {gib:.2f} GiB"})
