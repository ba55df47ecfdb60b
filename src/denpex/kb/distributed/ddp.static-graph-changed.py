"""Computed diagnosis for ddp.static-graph-changed: where static graph was switched on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    how = str(facts.get("set_static") or "")
    derived: dict[str, Any] = {"where": ""}
    if how == "_set_static_graph()":
        derived["where"] = " (switched on by model._set_static_graph())"
        return Explanation(
            text="The log shows the model calling _set_static_graph() (as insightface's arcface_torch train.py does). The model, the loss or the data "
                 "no longer uses the same parameters every step, so the static-graph promise is broken.",
            fix=("Remove or comment out the _set_static_graph() call, and wrap with DistributedDataParallel(..., find_unused_parameters=True) if some "
                 "parameters are legitimately unused on some steps.",
                 "Or make every step use every parameter (zero-weighted terms for skipped branches)."),
            derived=derived,
        )
    if how:
        derived["where"] = f" ({how} in the log)"
    return None
