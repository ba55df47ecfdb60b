"""Computed diagnosis for paddle2onnx.unsupported-op: the ops, their known causes, and the opset to request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "isnan_v2": "emitted by newer PaddleOCR training code: update PaddleOCR (and paddle2onnx) and re-export the inference model.",
    "conditional_block": "Python if on tensors became control flow: rewrite without data-dependent branches, or use opset >= 11 with a paddle2onnx that supports it.",
    "select_input": "control flow (if/else on tensors): opset >= 11 and paddle2onnx support, or remove the branch for export.",
    "while": "a loop on tensors: needs opset 13+ and experimental support, or unroll it.",
    "hard_voxelize": "custom C++ op: keep it outside the ONNX graph or implement a custom ONNX/TensorRT op.",
    "centerpoint_postprocess": "custom post-processing op: export the network without it and post-process outside ONNX.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "opset-too-low":
        need, have = facts.get("min_opset"), facts.get("opset")
        if need:
            text = f"The model needs ONNX opset {need} but the export asked for {have if have else 'a lower one'}."
            fix = (f"paddle2onnx ... --opset_version {need} (or --auto_upgrade_opset True).",)
            problem = f"needs opset {need}"
        else:
            text = "A mapper needs a higher ONNX opset than requested."
            fix = ("Raise --opset_version (13 or the value printed above) or pass --auto_upgrade_opset True.",)
            problem = "opset too low"
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    ops = [o.strip() for o in str(facts.get("ops") or "").split(",") if o.strip()]
    if not ops and sig not in ("conversion-aborted", "python-n-ops"):
        return None
    names = ", ".join(ops) if ops else "the listed operators"
    hints = [f"{o}: {_HINTS[o]}" for o in ops if o in _HINTS]
    count = facts.get("count")
    if isinstance(count, int) and count > len(ops):
        names = f"{count} ops (first listed: {names})"
    text = f"Paddle2ONNX has no mapper for {names}, so it aborted before writing the model."
    fix = ["pip install -U paddle2onnx (Paddle 3 / PIR programs: paddle2onnx >= 2.0 with --enable_dev_version True) and convert again."]
    fix.extend(hints)
    fix.append("If the op is still unsupported: change the model code for export or keep that part outside ONNX.")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": f"unsupported operators: {names}"})
