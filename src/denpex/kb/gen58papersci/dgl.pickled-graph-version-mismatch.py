"""Computed diagnosis for dgl.pickled-graph-version-mismatch: which DGL wrote the pickle and what to run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CASES = {
    "no-module-dgl-graph": (
        "the pickle names dgl.graph.DGLGraph, a module that exists only in DGL <= 0.4",
        "load it with dgl==0.4.2 (Python 3.6/3.7 environment) or regenerate the dataset with the installed DGL",
    ),
    "cant-get-dglheterograph": (
        "the pickle names dgl.heterograph.DGLHeteroGraph, written by DGL 0.5-0.9; DGL 1.x+ calls the class DGLGraph",
        "load it with dgl 0.9.x, regenerate it, or alias dgl.heterograph.DGLHeteroGraph = dgl.DGLGraph before pickle.load",
    ),
    "graph-index-setstate-unpack": (
        "the pickle holds a DGL <= 0.4.2 GraphIndex state that DGL 0.4.3 cannot unpack",
        "use dgl==0.4.2 for this file (or a DGL release that includes the PR #1507 compatibility fix), or regenerate it",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    case = _CASES.get(sig)
    if case is None:
        return None
    what, advice = case
    fix = [
        advice[0].upper() + advice[1:] + ".",
        "Save graphs with dgl.save_graphs / dgl.load_graphs (versioned format) instead of pickle, and pin dgl in requirements.",
    ]
    return Explanation(
        text=f"This is a data file, not a broken install: {what}.",
        fix=tuple(fix),
        derived={"what": what[0].upper() + what[1:], "advice": advice},
    )
