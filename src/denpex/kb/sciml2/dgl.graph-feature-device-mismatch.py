"""Computed diagnosis for dgl.graph-feature-device-mismatch: which side to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fdev = str(facts.get("feature_device") or "")
    gdev = str(facts.get("graph_device") or "")
    if not fdev or not gdev:
        return None
    kind = str(facts.get("kind") or "node")
    name = str(facts.get("feature") or "h")
    data = "ndata" if kind == "node" else "edata"
    if gdev == "cpu" and fdev.startswith("cuda"):
        text = f"The model/features were moved to {fdev} but the graph stayed on CPU."
        fix = (f"g = g.to('{fdev}')  (after loading; for batches: bg = dgl.batch(gs).to('{fdev}'))",
               f"minibatches: blocks = [b.to('{fdev}') for b in blocks], or dgl.dataloading.DataLoader(..., device='{fdev}')")
    elif fdev == "cpu":
        text = f"The graph is on {gdev} but the {kind} feature '{name}' is still a CPU tensor."
        fix = (f"g.{data}['{name}'] = tensor.to(g.device)", "or create the feature tensor with device=g.device")
    else:
        text = f"The {kind} feature '{name}' is on {fdev} while the graph is on {gdev} (two different GPUs)."
        fix = (f"feat = feat.to('{gdev}') or g = g.to('{fdev}')", "check torch.cuda.set_device / device ids in the script")
    return Explanation(text=text, fix=fix, derived={})
