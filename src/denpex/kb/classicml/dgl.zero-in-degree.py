"""Computed diagnosis for dgl.zero-in-degree: which DGL layer refused and the constructor to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CLASSES = {
    "graphconv": "GraphConv", "gatconv": "GATConv", "gatv2conv": "GATv2Conv", "dotgatconv": "DotGatConv",
    "edgeconv": "EdgeConv", "egatconv": "EGATConv", "gmmconv": "GMMConv", "sageconv": "SAGEConv",
    "tagconv": "TAGConv", "agnnconv": "AGNNConv", "appnpconv": "APPNPConv", "gcn2conv": "GCN2Conv",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = (facts.get("module") or "").lower()
    cls = _CLASSES.get(module, module or "conv layer")
    fix = [
        "g = dgl.remove_self_loop(g); g = dgl.add_self_loop(g)  (or dataset transform=dgl.AddSelfLoop())",
        f"or, if isolated nodes are expected: {cls}(..., allow_zero_in_degree=True) and keep their features via a residual/skip path",
    ]
    if module in ("gatconv", "gatv2conv", "dotgatconv", "agnnconv"):
        fix.append("attention layers softmax over incoming edges: a node without in-edges has nothing to attend to, so self-loops are the usual fix")
    return Explanation(
        text=f"{cls} found nodes with no incoming edges; their aggregated output would be undefined (bias only).",
        fix=tuple(fix),
        derived={"layer": cls},
    )
