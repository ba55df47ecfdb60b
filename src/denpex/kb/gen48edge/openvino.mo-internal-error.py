"""Computed diagnosis for openvino.mo-internal-error: classify the exception line after the banner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "").strip()
    replacer = str(facts.get("replacer") or "").strip()
    if not detail and not replacer:
        return None
    low = detail.lower()
    if "has no attribute 'node'" in low or "has no attribute 'nodes_iter'" in low:
        diagnosis = "networkx too new for this Model Optimizer"
        fix = ("pip install 'networkx<2.4'  (old mo calls Graph.node, removed in networkx 2.4)",)
    elif "size 0" in low or "(0,)" in low or "not aligned" in low or "none" in low and "shape" in low:
        diagnosis = "empty/undefined shape reached a transformation (dynamic or unspecified input shape)"
        fix = (
            "Pass static shapes: mo --input_model <model> --input_shape [1,...] (one per input with --input).",
            "Or convert with a current OpenVINO: ovc <model> / openvino.convert_model(...).",
        )
    elif "check '" in low or "visitor api" in low or "failed at" in low:
        diagnosis = "C++ check in the frontend/serializer of this OpenVINO release"
        fix = (
            "Upgrade OpenVINO and convert with ovc / openvino.convert_model (2023.1+).",
            "If it persists, simplify the ONNX model first (onnxsim) and report it with the model.",
        )
    else:
        diagnosis = "unexpected exception inside Model Optimizer"
        fix = ("Re-run with --log_level=DEBUG, then try a current OpenVINO (ovc) or convert via ONNX.",)
    text = "Model Optimizer crashed"
    if replacer:
        short = replacer.rsplit(".", 1)[-1]
        text += f" in transformation {short} ({replacer})"
    if detail:
        text += f": {detail}"
    text += f". Likely: {diagnosis}."
    derived = {"diagnosis": diagnosis}
    return Explanation(text=text, fix=fix, derived=derived)
