"""Computed diagnosis for dgl.feature-key-missing: name where the missing column should live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INTERNAL = {"smax", "out_sum", "_ID", "_TYPE", "__ID", "_N", "_E"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    if key in _INTERNAL or key.startswith("__"):
        diagnosis = "internal DGL column missing"
        text = (f"'{key}' is a column DGL creates itself (edge_softmax / sampling bookkeeping), not one of your features: "
                "the installed DGL has a bug or the code targets another DGL API.")
        fix = ("pip install -U dgl -f https://data.dgl.ai/wheels/repo.html  (match the torch/CUDA variant)",)
    elif key.startswith("num_") or key in {"m", "msg", "e", "a", "score"}:
        diagnosis = "intermediate/message column never written"
        text = (f"'{key}' looks like a column produced inside the model (message, score or reduce output). "
                "It does not exist on the frame that is read: the producing apply_edges/update_all ran on another graph, "
                "edge type or block side, or no edges fed it.")
        fix = (f"Check that the step writing '{key}' runs on the same graph object and edge type before it is read.",
               f"Read optional outputs with g.ndata.get('{key}') when some nodes/types receive no messages.")
    else:
        diagnosis = f"feature '{key}' not set on the frame read"
        text = (f"No tensor is stored under '{key}' on the node/edge frame the function reads. "
                "It is set on another node type, on g instead of a block (srcdata/dstdata), or under another name.")
        fix = (f"Homogeneous graph: g.ndata['{key}'] = feats;  heterograph: g.nodes[ntype].data['{key}'] = feats for every source type used.",
               f"Sampled blocks: blocks[0].srcdata['{key}'] = feats[blocks[0].srcdata[dgl.NID]].")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
