"""Computed diagnosis for pyg.hetero-collect-key-missing: explain which attribute is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOADER = {"num_sampled_nodes", "num_sampled_edges", "n_id", "e_id", "input_id", "batch_size", "seed_time", "time"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not isinstance(attr, str) or not attr:
        return None
    if attr in _LOADER:
        diagnosis = "loader bookkeeping attribute absent"
        text = (f"'{attr}' is written by PyG's NeighborLoader/LinkNeighborLoader, not by you. The batch came from another "
                "loader or from a PyG version that does not record it (num_sampled_* need PyG 2.3+).")
        fix = ("pip install -U torch_geometric pyg_lib -f https://data.pyg.org/whl/torch-<torch>+<cuda>.html",
               "Build the batches with torch_geometric.loader.NeighborLoader as the example does.")
    elif attr == "edge_index":
        diagnosis = "no edge type has edge_index"
        text = ("No edge store holds an edge_index: edges were stored under another name, on node stores, or the "
                "converter produced relations without edges.")
        fix = ("data[src, rel, dst].edge_index = torch.tensor([src_ids, dst_ids])  # shape [2, E], dtype long",)
    elif attr in {"x", "y", "pos", "edge_attr"}:
        diagnosis = f"'{attr}' not set on any store"
        text = (f"No node/edge type carries '{attr}': the tensors were saved under another name (feat, features, label) "
                "or never assigned.")
        fix = (f"data[ntype].{attr} = tensor for each type the model reads (print(data) shows current names).",)
    else:
        diagnosis = f"'{attr}' not set on any store"
        text = f"No node or edge type defines '{attr}', so data.{attr}_dict cannot be built."
        fix = (f"Assign data[type].{attr} for the types that need it, or use data.collect('{attr}', allow_empty=True) (PyG 2.4+).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
