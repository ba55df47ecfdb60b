"""Computed diagnosis for tensorrt.no-tactic-implementation: memory-starved tactics vs a fused (Myelin) region."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = facts.get("node")
    if not node:
        return None
    node = str(node)
    memory = bool(facts.get("workspace"))
    foreign = "ForeignNode" in node
    ws_fix = ("Raise the workspace: trtexec --memPoolSize=workspace:4096 (TensorRT 8.4+; --workspace=4096 before), or "
              "config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, 4 << 30) in Python.")
    shape_fix = "Free the GPU during the build and lower the optimization profile's max shapes / batch."
    if foreign:
        region = node.strip("{}")
        text = (f"No tactic for the Myelin-fused region {region}."
                + (" Tactics were skipped for lack of memory, so start with the workspace." if memory else
                   " No memory skips were logged: if more workspace does not help, this fused pattern has no kernel in this TensorRT release."))
        fix = (ws_fix, shape_fix, "Upgrade TensorRT, or build that region without --fp16/--int8 (precision constraints) if the failure persists.")
    else:
        text = (f"No tactic for layer {node}." + (" Tactics were skipped for lack of memory." if memory else
                " Usually the workspace limit is too small for every kernel variant of this layer."))
        fix = (ws_fix, shape_fix, "For INT8 Q/DQ layers: check the quantize/dequantize placement around the layer.")
    return Explanation(text=text, fix=fix, derived={"fused_region": foreign, "memory_skips_logged": memory})
