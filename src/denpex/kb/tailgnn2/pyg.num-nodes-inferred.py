"""Computed diagnosis for pyg.num-nodes-inferred: what the attribute set lacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("attributes")
    if raw is None:
        return None
    keys = [k.strip().strip("'\"") for k in str(raw).strip("{}").split(",") if k.strip()]
    node_type = facts.get("node_type")
    target = f"data[{node_type}]" if node_type else "data"
    edge_only = [k for k in keys if k.startswith("edge") or k in ("y",)]
    if keys and len(edge_only) == len(keys):
        diag = "only edge-level attributes"
        why = f"{target} holds only {', '.join(keys)}: no node-level tensor, so num_nodes = edge_index.max() + 1."
    elif not keys:
        diag = "empty attribute set"
        why = f"{target} has no attributes at all, so PyG cannot know its size."
    else:
        diag = "no recognised node-level attribute"
        why = (f"{target} has {', '.join(keys)} but none of them is one PyG reads the node count from (x, pos, batch, "
               "or a key containing 'node'), so it falls back to edge_index.max() + 1.")
    text = why + " Nodes with no edges above the largest id are dropped from the count."
    setter = f"{target}.num_nodes = N" if not node_type else f"data[{node_type}].num_nodes = N"
    return Explanation(text=text, fix=(f"{setter}  # when building the object (process() / pre_transform)",),
                       derived={"diagnosis": diag})
