"""Computed diagnosis for tensorrt.set-input-shape-rejected: stale engine vs static dimension."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tensor = facts.get("tensor")
    name = f"'{tensor}'" if tensor else "an input"
    if facts.get("_signature") == "invalid-tensor-name":
        problem = "the engine has no input with this name"
        text = (f"The code sets the shape of {name}, but the deserialized engine has no such input: it was built "
                "from another ONNX export (usually a cached .plan left from an older version of the project), so "
                "the input stays unset and the output is garbage.")
        fix = ("Delete the cached engine file and rebuild it from the current ONNX (the project rebuilds it on the next "
               "start, or trtexec --onnx=<model>.onnx --saveEngine=<engine>.plan).",)
        return Explanation(text=text, fix=fix, derived={"problem": problem, "tensor": tensor or "an input"})
    set_dims, expected = facts.get("set_dims"), facts.get("expected_dims")
    problem = "the engine was built with a fixed size for this dimension"
    text = f"The engine's dimension for {name} is static"
    if set_dims and expected:
        text += f": it expects {expected} but got {set_dims}"
    text += ("; the ONNX was exported without dynamic axes or the engine was built without an optimization profile "
             "covering this size.")
    fix = ("Re-export the ONNX with dynamic_axes for the varying dimension and rebuild the engine with "
           "--minShapes/--optShapes/--maxShapes that cover the real input sizes.",)
    return Explanation(text=text, fix=fix, derived={"problem": problem, "tensor": tensor or "an input"})
