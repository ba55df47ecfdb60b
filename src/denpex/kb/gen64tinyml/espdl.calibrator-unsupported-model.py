"""Computed diagnosis for espdl.calibrator-unsupported-model: the op the calibrator named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    if not op:
        return Explanation(text="The ESP-DL calibrator found operators its C++ library cannot run.",
                           derived={"ops_note": ""})
    fix: list[str] = []
    if op == "MatMul":
        fix.append("MatMul is usually a Dense/Linear layer: run ESP-DL's optimizer.py and export with bias so it fuses into Gemm.")
    elif op == "Softmax":
        fix.append("Cut Softmax from the exported graph and apply it in C++ on the model output.")
    else:
        fix.append(f"Replace {op} with supported layers or remove it from the graph, or move to ESP-DL 3.x (esp-ppq).")
    text = f"The calibrator stops at unsupported ONNX node type {op}; ESP-DL only runs the layers its C++ library implements."
    return Explanation(text=text, fix=tuple(fix), derived={"ops_note": f": {op} is not an ESP-DL layer"})
