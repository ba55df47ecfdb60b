"""Computed diagnosis for graspologic.leiden-empty-network: quote the extracted graph size when logged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    nodes = facts.get("nodes")
    edges = facts.get("edges")
    if nodes is None or edges is None:
        return Explanation(text="Leiden clustering was given a graph without edges; the extraction step produced no relationships.",
                           fix=(), derived={"graph_note": ""})
    note = f" ({nodes} nodes, {edges} edges)"
    if int(nodes) > 0 and int(edges) == 0:
        text = (f"Extraction produced {nodes} entities but no relationships, so the graph has no edges and Leiden "
                "cannot partition it: the LLM's relationship records were missing or not in the expected format.")
    else:
        text = f"The graph written before clustering had {nodes} nodes and {edges} edges."
    return Explanation(text=text, fix=(), derived={"graph_note": note})
