"""Computed diagnosis for dgl.torch-too-old: the torch floor and the two ways to satisfy it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = facts.get("required_torch")
    if not req:
        return None
    parts = str(req).split(".")
    mm = ".".join(parts[:2])
    if parts[0] == "2":
        note = "Torch 1.x environments need an older DGL release built for their torch."
    else:
        note = f"Pick an older DGL built for your torch if you cannot upgrade torch to {mm}+."
    text = f"The installed DGL refuses to import because torch is older than {req}. {note}"
    fix = (f"pip install 'torch>={mm}' then reinstall dgl from https://data.dgl.ai/wheels/torch-{mm}/<cuXXX|cpu>/repo.html",
           "or keep torch and: pip install dgl==<release for your torch> -f https://data.dgl.ai/wheels/repo.html")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"torch below DGL floor {req}"})
