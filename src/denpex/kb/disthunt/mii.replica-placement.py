"""Computed diagnosis for mii.replica-placement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    placed = facts.get("placed")
    req = facts.get("requested")
    if not isinstance(placed, int) or not isinstance(req, int):
        return None
    if sig == "device-map-too-many":
        text = f"The device_map has {placed} GPU groups for {req} replica(s); MII needs exactly one group per replica."
        fix = (f"Give device_map exactly {req} entries (or set replica_num={placed}).",)
        return Explanation(text=text, fix=fix, derived={"tp_text": ""})
    if placed == 0:
        text = (f"Not even one replica fits: tensor_parallel is larger than the GPU slots of any single host in the hostfile, "
                f"and a replica cannot span hosts ({req} requested).")
        tp_text = " (tensor_parallel exceeds one host's GPUs)"
        fix = ("Set tensor_parallel to at most the GPUs per host (e.g. 8) and scale across nodes with replica_num.",
               "Check that MII reads the right hostfile (mii.serve(..., hostfile=PATH)).")
    else:
        text = f"The hostfile has room for {placed} replica block(s) of tensor_parallel GPUs; {req} were requested."
        tp_text = ""
        fix = (f"Lower replica_num to {placed}, reduce tensor_parallel, or add hosts/slots to the hostfile.",)
    return Explanation(text=text, fix=fix, derived={"tp_text": tp_text})
