"""Computed diagnosis for dgl.feature-count-mismatch: what the difference between the two counts suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    f = as_int(facts.get("n_features"))
    n = as_int(facts.get("n_items"))
    if f is None or n is None or kind not in ("node", "edge"):
        return None
    d = n - f
    if kind == "node":
        if d == 1:
            why = ("the graph has exactly one node more than the features: node ids are 1-based (phantom node 0) "
                   "or one id has no feature row")
            fix = ("Shift 1-based ids: src, dst = src - 1, dst - 1",
                   f"or build with g = dgl.graph((src, dst), num_nodes={f}) after remapping ids to 0..{f - 1}")
        elif d > 0:
            why = (f"the graph has {d} nodes more than the feature rows: node ids are not a compact 0..{f - 1} range "
                   "(raw ids) or the features belong to a subgraph")
            fix = ("Remap ids to 0..N-1 (pandas.factorize / torch.unique(return_inverse=True)) before dgl.graph",
                   "for subgraphs index the features by sg.ndata[dgl.NID]")
        else:
            why = (f"the features have {-d} rows more than the graph has nodes: dgl.graph((src, dst)) sized the graph "
                   "from the largest node id, dropping trailing nodes without edges, or a block/subgraph got full-graph features")
            fix = (f"g = dgl.graph((src, dst), num_nodes={f})",
                   "for sampled blocks use block.srcdata / x[block.srcdata[dgl.NID]]")
    else:
        if d > 0:
            why = (f"the graph has {d} edges more than the edge features: edges were added after the features were built "
                   "(add_self_loop adds one per node, to_bidirected doubles them)")
            fix = ("Add self-loops/reverse edges before computing edge features, or pad the features for the new edges",
                   "dgl-lifesci: CanonicalBondFeaturizer(self_loop=True) when the graph is built with add_self_loop=True")
        else:
            why = (f"the edge features have {-d} rows more than the graph has edges: duplicate edges were merged "
                   "(to_simple) or the graph was filtered after the features were built")
            fix = ("Compute edge features after the final graph transform, or index them by g.edata[dgl.EID]",)
    text = f"{f} {kind} feature rows were assigned to a graph with {n} {kind}s; {why}."
    return Explanation(text=text, fix=fix, derived={"difference": d})
