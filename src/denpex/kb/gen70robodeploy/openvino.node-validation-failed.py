"""Computed diagnosis for openvino.node-validation-failed: which shape rule the node broke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    reason = str(facts.get("reason") or "")
    check = str(facts.get("check") or "")
    low = (reason + " " + check).lower()
    if op == "Concat" or "shapes are inconsistent" in low:
        diagnosis = "inputs of a Concat differ in size (input resolution not a multiple of the stride)"
        fix = ("Use an input size that is a multiple of the network's largest stride (32 for YOLO-style models) or the size the model was exported at.",)
    elif op == "Reshape" or "product of output shape" in low:
        diagnosis = "Reshape target no longer matches the element count (batch or resolution changed)"
        fix = ("Keep the exported input size/batch, or re-export without hardcoded reshape constants (dynamic axes, -1 in the target).",)
    elif "window" in low or op in ("MaxPool", "AvgPool"):
        diagnosis = "pooling window larger than the padded input (input too small)"
        fix = ("Feed a larger input: the network downsamples it below the pooling window at this node.",)
    elif "4294967295" in reason or "axis" in low or "permutation" in low:
        diagnosis = "invalid axis or permutation for the input rank (IR and runtime from different releases)"
        fix = ("Regenerate the IR with the Model Optimizer of the runtime's release (or upgrade the runtime) and reload.",)
    else:
        diagnosis = "a node's inputs violate its shape rules"
        fix = ("Compare the input shapes in the node description with the model's export size and the IR release with the runtime.",)
    text = f"Shape inference of the {op or 'node'} node failed" + (f": {reason}" if reason else ".")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
