"""Computed diagnosis for dgl.type-not-found: explain the type name that was not found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("type_name")
    if not isinstance(name, str):
        return None
    kind = str(facts.get("kind") or "edge").lower()
    stripped = name.strip()
    if stripped.lstrip("-").isdigit():
        diagnosis = "integer used as a type name"
        text = (f"The {kind} type asked for is \"{name}\", a number: the graph was indexed like a list (g[{stripped}]) "
                "or an integer type id was passed where DGL needs the type name.")
        fix = ("One graph of a batch: dgl.unbatch(bg)[i]; one sample of a dataset: dataset[i].",
               f"Map the id to a name: g.canonical_etypes[{stripped}] / g.ntypes[{stripped}].")
    elif stripped.startswith("("):
        diagnosis = "canonical triple not in the graph"
        text = (f"The triple {name} is not one of g.canonical_etypes: one of source type, relation or destination type "
                "differs from the graph (order or spelling).")
        fix = ("print(g.canonical_etypes) and use the exact triple.",)
    elif stripped in {"_N", "_E"}:
        diagnosis = "homogeneous default type on a heterograph"
        text = f"'{name}' is the default type of a homogeneous graph, but this graph has named types."
        fix = ("Pass the node/edge type explicitly (ntype=..., etype=...).",)
    else:
        diagnosis = f"unknown {kind} type '{name}'"
        text = (f"The graph has no {kind} type named '{name}': a typo, a name from another dataset/preprocessing version, "
                "or a relation missing from this (sub)graph.")
        fix = (f"print(g.{'ntypes' if kind == 'node' else 'etypes'}) and use one of the listed names; "
               f"guard optional types with: if '{name}' in g.{'ntypes' if kind == 'node' else 'etypes'}.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
