"""Computed diagnosis for openvino.mo-shape-inference-failed: read the reason line after the node."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = str(facts.get("node") or "")
    reason = str(facts.get("reason") or "").strip()
    if not node and not reason:
        return None
    low = reason.lower()
    if "not fully defined" in low or "out of bounds" in low and "size 0" in low or "nonetype" in low:
        diagnosis = "unknown (dynamic) shape reaches the node"
        fix = ("Pass a static shape: mo ... --input_shape [1,H,W,C] (TF, NHWC) or --input_shape [1,C,H,W] (ONNX).",)
    elif "double" in low or "float64" in low or "incompatible with expected" in low:
        diagnosis = "dtype mismatch (float64 constant)"
        fix = ("Cast the float64 constants/ops to float32 in the model and re-export.",)
    elif "no registered" in low or "not registered" in low or "not supported" in low:
        diagnosis = "operation not supported by this Model Optimizer"
        fix = ("Convert with ovc / openvino.convert_model (2023.1+) or via ONNX; otherwise cut the op out with --output.",)
    elif "bytes" in low or "string" in low or "summary" in low.replace(" ", "") or "tensorflow type" in low:
        diagnosis = "training-only / string node in the exported graph"
        fix = ("Export an inference-only graph without tf.summary / string preprocessing, or cut the inputs with --input.",)
    else:
        diagnosis = "node infer function failed"
        fix = ("Run with --log_level=DEBUG to see the input shapes of that node; pass --input_shape if any is undefined.",)
    text = f"Shape propagation stopped at node '{node}'" if node else "Shape propagation stopped"
    text += f": {reason}." if reason else "."
    text += f" Likely: {diagnosis}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
