"""Computed diagnosis for tensorrt.api-parameter-check-failed: what the failed condition says about the call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("function") or "").strip() or "a TensorRT API call"
    cond = str(facts.get("condition") or "").strip()
    fix = ["Check the result of every TensorRT builder/network call and stop when it is None (nullptr)."]
    if "nbInputs > 0" in cond:
        text = (f"{func}() was given no input tensors (condition {cond}). In code that gathers the parsed network's "
                "outputs this means the network has none: the ONNX parse failed or stopped without an error "
                "(TensorRT 5-6), or its outputs were never marked.")
        fix.insert(0, "After parsing, check network.num_outputs > 0 and print the parser's errors; "
                      "run the model through trtexec --onnx=... --verbose to see why the parse fails.")
    elif "nullptr" in cond or "!= NULL" in cond:
        text = (f"{func}() received a null tensor or layer (condition {cond}): an earlier call already failed "
                "and returned nullptr, and its result was passed on.")
        fix.insert(0, "Find the first failed call above this one (its own 'Parameter check failed' or parser error) and fix that.")
    else:
        text = f"{func}() rejected an argument: the condition {cond} did not hold."
        fix.insert(0, "Fix the argument the condition names (a dimension, a name, the number of inputs) in that call.")
    return Explanation(text=text + " The call returned null; a crash after this line comes from using it.",
                       fix=tuple(fix), derived={})
