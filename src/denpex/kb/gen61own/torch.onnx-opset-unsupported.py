"""Computed diagnosis for torch.onnx-opset-unsupported: the highest opset the installed torch can write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# the TorchScript exporter's maximum opset per torch minor release
_MAX_OPSET = {(1, 2): 10, (1, 3): 11, (1, 4): 11, (1, 5): 12, (1, 6): 12, (1, 7): 12, (1, 8): 13, (1, 9): 13,
              (1, 10): 14, (1, 11): 15, (1, 12): 16, (1, 13): 17}


def _max_for(version: str) -> int | None:
    parts = version.split(".")
    try:
        major, minor = int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None
    if major >= 2:
        return 17
    return _MAX_OPSET.get((major, minor))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        opset = int(facts.get("opset") or 0)
    except (TypeError, ValueError):
        opset = 0
    if not opset:
        return None
    tv = str(facts.get("torch_version") or "")
    top = _max_for(tv) if tv else None
    note = f" (torch {tv} writes up to opset {top})" if top else " (newer than the installed torch's exporter writes)"
    derived: dict[str, Any] = {"what": f"torch.onnx cannot export ONNX opset {opset}{note}"}
    if top:
        derived["max_opset"] = top
        text = (f"The export asked for ONNX opset {opset}, but torch {tv}'s exporter writes opsets up to {top}; the "
                "opset usually comes from the exporting tool's default, not from the model.")
        pick = min(top, 12)
    else:
        text = (f"The export asked for ONNX opset {opset}, newer than the installed torch's exporter supports "
                "(torch 1.9: 13, 1.11: 15, 1.12: 16, 1.13+: 17).")
        pick = 12
    fix = (f"Export with opset={pick}: yolo export model=best.pt format=onnx opset={pick} / python export.py --include onnx "
           f"--opset {pick} / torch.onnx.export(..., opset_version={pick}).",
           f"Or upgrade torch so that its exporter writes opset {opset} (1.13+ for 17).")
    return Explanation(text=text, fix=fix, derived=derived)
