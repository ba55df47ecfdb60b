"""Computed diagnosis for rknn.load-model-failed: opset gap and model path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fw = str(facts.get("framework") or "")
    path = str(facts.get("model_path") or "")
    rec, got = facts.get("recommended_opset"), facts.get("model_opset")
    if not fw and not path:
        return None
    parts = [f"The RKNN toolkit failed to import the {fw or 'source'} model" + (f" {path}" if path else "") + "."]
    fix: list[str] = []
    diagnosis = "importer exception"
    try:
        r, g = int(rec), int(got)
    except (TypeError, ValueError):
        r = g = None
    if r is not None and g is not None and r != g:
        parts.append(f"The model is opset {g}; the toolkit recommends opset {r} ({'older' if g < r else 'newer'} than tested).")
        fix.append(f"Re-export with torch.onnx.export(..., opset_version={r}) and static shapes, then python -m onnxsim.")
        diagnosis = f"opset {g} instead of {r}"
    else:
        fix.append("Simplify the ONNX with static input shapes (python -m onnxsim m.onnx m-sim.onnx) and load that file.")
        fix.append("Read the last line of the E load_ traceback: KeyError = missing tensor name, NoneType vs int = dynamic dim, module errors = wrong onnx/torch versions.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
