"""Computed diagnosis for tensorrt.onnx-parse-failed: which node failed and which kind of parser check it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FOLD = "Fold constants: polygraphy surgeon sanitize model.onnx --fold-constants -o folded.onnx (or python -m onnxsim model.onnx folded.onnx), then parse folded.onnx."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    if facts.get("_signature") == "text-format-fallback":
        return Explanation(
            text=("The file given to the TensorRT ONNX parser is not a binary ONNX model: binary parsing failed and the text-format "
                  f"fallback failed too ({detail or 'libprotobuf text-format error'}). Typical causes: a truncated or corrupt download, "
                  "a Git LFS pointer or HTML page saved as .onnx, a .pt/.etlt file passed as ONNX, or a wrong decryption key."),
            fix=("Check the file: python -c \"import onnx; onnx.checker.check_model('model.onnx')\" and compare its size with the source.",
                 "Re-export or re-download the model (git lfs pull for LFS pointers); pass the .onnx, not the PyTorch checkpoint."),
            derived={"where": "the model file", "detail": detail or "not a binary ONNX protobuf"},
        )
    node = facts.get("node")
    node_name = facts.get("node_name")
    op = facts.get("op")
    importer = facts.get("importer")
    if not detail and node is None and not importer:
        return None
    if node_name:
        where = f"node {node_name} ({op})" if op else f"node {node_name}"
    elif node is not None and str(node) == "-1":
        where = "graph inputs/initializers (node -1)"
    elif node is not None:
        where = f"node {node}" + (f" ({importer})" if importer else "")
    else:
        where = f"{op or importer or 'a node'}"
    low = detail.lower()
    if "initializer" in low:
        kind = "a computed input TensorRT needs as a build-time constant"
        fix = (_FOLD, "Re-export with static shapes for that part (no dynamic_axes on the dims feeding it) so the exporter writes a constant.",
               "Upgrade TensorRT: newer importers accept tensor inputs for Resize/TopK/Pad.")
    elif "plugin" in low or "no importer" in low or "creator" in low:
        kind = f"an op with no TensorRT importer{f' ({op})' if op else ''} and no registered plugin"
        fix = ("Check the op in onnx-tensorrt docs/operators.md for your TensorRT version; upgrade if a newer release supports it.",
               "Otherwise build/load a plugin with that op name (trtexec --plugins=libmyplugin.so / --staticPlugins, trt.init_libnvinfer_plugins) "
               "or replace the op in the model before export.")
    elif "weights" in low or str(node) == "-1":
        kind = "initializer/weights conversion (dtype such as DOUBLE/INT64, or external data not found)"
        fix = ("Cast float64 initializers to float32 before export (model.float()), keep INT64 constants within INT32 range.",
               "If the model uses external data (>2 GB), keep the .data file beside the .onnx and parse with parse_from_file(path).",
               _FOLD)
    elif "tensors.count" in low or "tensors().count" in low:
        kind = "an input tensor the parser never saw (dangling input, or an IR/opset newer than the parser)"
        fix = ("Upgrade TensorRT / onnx-tensorrt to one that matches the exporter's IR and opset, or re-export with a lower opset.",
               "Run onnx.checker.check_model(model, full_check=True) and onnxsim to remove dangling/unused inputs.")
    else:
        kind = "an importer check on this node's attributes or shapes"
        fix = ("Run polygraphy inspect capability model.onnx to see the reason per node.", _FOLD,
               "Upgrade TensorRT if the op/attribute combination is newer than your version.")
    text = f"The TensorRT ONNX parser stopped at {where}: {kind}." + (f" Check: {detail}" if detail else "")
    return Explanation(text=text, fix=fix, derived={"where": where, "detail": detail or kind})
