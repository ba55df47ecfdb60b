"""Computed diagnosis for ncnn.onnx2ncnn-unsupported-op: split shape glue from real compute ops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# ops emitted by dynamic-shape exports; onnx-simplifier folds them with a fixed input shape
_GLUE = {"Shape", "Gather", "Cast", "Unsqueeze", "Squeeze", "ConstantOfShape", "Concat", "Reshape",
         "Slice", "Range", "Expand", "Equal", "Where", "Size", "Identity"}


def _ops(facts: Mapping[str, Any]) -> list[str]:
    raw = facts.get("op")
    items = raw if isinstance(raw, (list, tuple)) else ([raw] if raw else [])
    seen: list[str] = []
    for o in items:
        s = str(o)
        if s and s not in seen:
            seen.append(s)
    return seen


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ops = _ops(facts)
    attr = str(facts.get("attr") or "").strip()
    if not ops and not attr:
        return None
    glue = [o for o in ops if o in _GLUE]
    real = [o for o in ops if o not in _GLUE]
    fix: list[str] = []
    parts: list[str] = []
    if ops:
        parts.append(f"onnx2ncnn has no mapping for {len(ops)} op type(s): {', '.join(ops)}.")
    if attr:
        parts.append(f"It also cannot express '{attr}' (an attribute form, often from opset 13+ or a dynamic Resize/Unsqueeze).")
    if glue or attr:
        parts.append((f"{', '.join(glue)} " if glue else "These ") + "are shape arithmetic of a dynamic-shape export; "
                     "simplifying with a fixed input shape folds them away.")
        fix.append("python -m onnxsim model.onnx model-sim.onnx --overwrite-input-shape 1,3,H,W && onnx2ncnn model-sim.onnx model.param model.bin")
    if real:
        parts.append(f"{', '.join(real)} are compute ops this converter never implemented: use pnnx, change the model, "
                     "or do that step in application code.")
        fix.append("pip install pnnx && pnnx model.onnx inputshape=[1,3,H,W]   # converter with a larger op table")
        if "ArgMax" in real or "TopK" in real:
            fix.append("Drop the final ArgMax/TopK from the exported graph and compute it on the output blob in C++.")
    if glue and not real:
        diagnosis = "only dynamic-shape glue: simplify first"
    elif real and not glue:
        diagnosis = "compute ops unsupported by onnx2ncnn"
    else:
        diagnosis = "shape glue plus unsupported compute ops"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"ops": ", ".join(ops), "diagnosis": diagnosis})
