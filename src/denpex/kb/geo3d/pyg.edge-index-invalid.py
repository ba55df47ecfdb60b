"""Computed diagnosis for pyg.edge-index-invalid: which rule edge_index broke, with the user's numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-integer":
        dt = str(facts.get("dtype") or "a non-integer dtype")
        return Explanation(
            text=f"edge_index has dtype {dt}; PyG gathers node rows with it, so it must be torch.long (int64).",
            fix=("edge_index = edge_index.long()  (or build it with torch.tensor(edges, dtype=torch.long))",
                 "check where it became float: torch.Tensor(...) / a float numpy array / torch.cat with float tensors"),
            derived={"problem": f"edge_index dtype is {dt}, must be torch.long"},
        )
    if sig == "propagate-legacy":
        return Explanation(
            text=("PyG 1.6-2.0 accepts edge_index only as a torch.long tensor of shape [2, num_edges] or a torch_sparse.SparseTensor; "
                  "this one is neither: a float tensor, a Python list/tuple of two index tensors (stack them), or another shape. "
                  "Code written for an older torch_geometric may also pass it differently."),
            fix=("edge_index = torch.stack([src, dst]).long()  (a [2, E] int64 tensor), or build a SparseTensor",
                 "print(type(edge_index), getattr(edge_index, 'dtype', None), getattr(edge_index, 'shape', None)) before the conv call",
                 "pin the torch_geometric version the project was written for (and its torch_scatter / torch_sparse)"),
            derived={"problem": "edge_index is not a [2, E] LongTensor or SparseTensor"},
        )
    if sig == "not-two-dim":
        nd = as_int(facts.get("ndim"))
        return Explanation(
            text=f"edge_index has {nd} dimensions; it must be a [2, num_edges] matrix.",
            fix=("edge_index = edge_index.view(2, -1) only if it is a flattened [2, E]; for a batch of graphs use "
                 "torch_geometric.data.Batch / DataLoader instead of stacking edge_index tensors",),
            derived={"problem": f"edge_index is {nd}-dimensional, must be [2, num_edges]"},
        )
    if sig == "first-dim-not-2":
        fd = as_int(facts.get("first_dim"))
        return Explanation(
            text=(f"edge_index has {fd} rows in dimension 0 instead of 2: it is most likely an edge list of shape "
                  f"[{fd}, 2] (one row per edge) that was never transposed."),
            fix=("edge_index = edge_index.t().contiguous()  # [num_edges, 2] -> [2, num_edges]",),
            derived={"problem": f"edge_index first dimension is {fd}, must be 2 (transpose an [E, 2] list)"},
        )
    got = as_int(facts.get("got_index"))
    n = as_int(facts.get("num_nodes"))
    mv = as_int(facts.get("max_valid"))
    if n is None and mv is not None:
        n = mv + 1
    if sig == "index-negative":
        return Explanation(
            text=f"edge_index contains the negative node index {got}; valid indices are 0..{(n - 1) if n else 'N-1'}.",
            fix=("Remove padding/sentinel edges (-1) before the conv layer: keep = (edge_index >= 0).all(0); "
                 "edge_index = edge_index[:, keep]",),
            derived={"problem": f"negative node index {got} in edge_index"},
        )
    if sig in ("index-too-large", "index-error-interval") and got is not None and n is not None:
        if got == n:
            cause = (f"the largest index equals the number of feature rows ({n}): node ids look 1-based "
                     "or one node has no row in x")
            fix = ("If ids are 1-based: edge_index = edge_index - 1",
                   f"otherwise make x hold a row for every node id 0..{got} (x has {n} rows)")
        elif got > 2 * n:
            cause = (f"index {got} is far beyond the {n} rows of x: raw/global node ids were never remapped "
                     "to 0..N-1, or edges of a larger graph were paired with a subgraph's features")
            fix = ("Remap ids: uniq, edge_index = torch.unique(edge_index, return_inverse=True) and order x by uniq",
                   "for subgraphs use torch_geometric.utils.subgraph(subset, edge_index, relabel_nodes=True)")
        else:
            cause = f"index {got} is >= the {n} rows of x passed to this layer"
            fix = ("Check that x and edge_index come from the same graph/batch and that x was not sliced or filtered after "
                   "the edges were built; data.validate(raise_on_error=True) shows it",)
        return Explanation(
            text=f"edge_index points at node {got} but x has {n} rows (valid 0..{n - 1}); {cause}.",
            fix=fix,
            derived={"problem": f"node index {got} out of range for {n} nodes", "num_nodes": n},
        )
    return None
