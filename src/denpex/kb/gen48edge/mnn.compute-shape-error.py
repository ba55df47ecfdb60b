"""Computed diagnosis for mnn.compute-shape-error: read the broadcast/reshape numbers printed before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _int(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").strip()
    d1, d2 = _int(facts.get("dim1")), _int(facts.get("dim2"))
    rf, rt = _int(facts.get("reshape_from")), _int(facts.get("reshape_to"))
    if not op and d1 is None and rf is None:
        return None
    derived: dict[str, Any] = {}
    if d1 is not None and d2 is not None:
        diagnosis = "broadcast of incompatible sizes (input shape differs from the export shape)"
        text = f"An elementwise op got sizes {d1} and {d2} on one axis; neither is 1, so they cannot broadcast."
        fix = (
            "Feed the sequence length / image size used at export, or re-export with dynamic_axes for that dimension.",
        )
    elif rf is not None and rt is not None:
        diagnosis = "reshape target baked for another input size"
        text = f"A Reshape has {rf} elements but its target shape holds {rt}."
        if rt:
            ratio = rf / rt
            derived["element_ratio"] = round(ratio, 4)
            text += f" The input carries {ratio:.4g}x the elements the graph was exported for"
            root = ratio ** 0.5
            if abs(root - round(root)) < 1e-6 and round(root) != 1:
                derived["side_scale"] = int(round(root))
                text += f" (image side {int(round(root))}x the export size, if H and W both scale)"
            text += "."
        fix = (
            "Resize the input to the export size, or re-export the model at the size you run (or with dynamic axes).",
        )
    else:
        diagnosis = "op shape could not be computed for the given input shapes"
        text = "MNN could not compute an op's output shape for the current inputs."
        fix = (
            "Resize every input to a concrete shape before resizeSession, matching the export shape.",
            "Check the conversion op by op with tools/script/testMNNFromOnnx.py.",
        )
    if op:
        text = f"[{op}] " + text
    text += f" Likely: {diagnosis}."
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
