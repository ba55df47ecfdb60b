"""Computed diagnosis for onnxruntime.load-failed: which versions the model needs and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# ONNX IR version -> (onnx release that introduced it, first onnxruntime that loads it)
_IR = {7: ("onnx 1.7-1.9", "1.5"), 8: ("onnx 1.10-1.13", "1.10"), 9: ("onnx 1.14-1.15", "1.15"), 10: ("onnx 1.16-1.17", "1.18"), 11: ("onnx 1.18+", "1.21")}
# default ai.onnx opset -> first onnxruntime supporting it
_OPSET_ORT = {13: "1.6", 14: "1.10", 15: "1.10", 16: "1.11", 17: "1.13", 18: "1.14", 19: "1.16", 20: "1.17", 21: "1.20", 22: "1.21", 23: "1.22"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    mir, maxir = facts.get("model_ir"), facts.get("max_ir")
    opset, maxop = facts.get("opset"), facts.get("max_opset")
    detail = str(facts.get("detail") or "")
    path = facts.get("model_path")
    if isinstance(mir, int) and isinstance(maxir, int):
        writer, ort = _IR.get(mir, ("a newer onnx", "?"))
        derived["what"] = f"IR version {mir} is newer than this onnxruntime's maximum {maxir}"
        parts.append(f"The file is stamped IR version {mir} (written by {writer}) but this onnxruntime reads up to IR {maxir}.")
        fix.append(f"Upgrade onnxruntime to >= {ort} (pip install -U onnxruntime / onnxruntime-gpu)." if ort != "?" else "Upgrade onnxruntime to the latest release.")
        fix.append(f"Or re-stamp the file: m = onnx.load(p); m.ir_version = {maxir}; onnx.save(m, p) - valid when the model uses no IR-{mir} feature; or export with an onnx/torch version that writes IR {maxir}.")
    elif isinstance(opset, int):
        ort = _OPSET_ORT.get(opset)
        derived["what"] = f"opset {opset} is newer than this onnxruntime (supports up to {maxop})"
        parts.append(f"The model imports ai.onnx opset {opset} but this onnxruntime officially supports up to opset {maxop}.")
        fix.append(f"Upgrade onnxruntime (opset {opset} needs about >= {ort})." if ort else "Upgrade onnxruntime to a release that supports this opset.")
        fix.append(f"Or re-export with opset_version={maxop} (torch.onnx.export(..., opset_version={maxop})) or convert: onnx.version_converter.convert_version(m, {maxop}).")
    elif facts.get("op"):
        op, ver, node = facts["op"], facts.get("op_version"), facts.get("node")
        derived["what"] = f"no kernel for {op}({ver})" + (f" at node '{node}'" if node else "")
        parts.append(f"No execution provider in this session has a kernel for {op} at opset {ver} with this node's input types" + (f" (node '{node}')." if node else "."))
        parts.append("ONNX Runtime implements each op only for certain opset versions and element types; an opset newer than the runtime, an unusual type (fp16 / int8 / int32 on CPU) or a removed experimental op (ATen) has no kernel.")
        fix.append(f"Inspect the node's input types (Netron, or onnx.load + graph.node) and re-export with supported types (fp32 instead of fp16, int64 indices) or another opset_version.")
        fix.append("Try a newer onnxruntime, or a provider that implements it (providers=['CUDAExecutionProvider', 'CPUExecutionProvider']).")
    elif facts.get("inference"):
        node, op, kind = facts.get("infer_node"), facts.get("infer_op"), facts["inference"]
        inner = re.findall(r"Node \(([^()]+)\) Op \(([\w.]+)\) \[(\w+)\]", detail)
        if inner:  # a subgraph (If/Loop/Scan body) failed: the innermost node is the one to look at
            node, op, kind = inner[-1]
        msg = re.sub(r"^.*\[\w+InferenceError\] ", "", detail).strip()
        derived["what"] = f"{kind} at node {node} ({op})"
        parts.append(f"Creating the session runs ONNX {('shape' if kind.startswith('Shape') else 'type')} inference over the graph, and node {node} ({op}) "
                     f"contradicts what its inputs are: {msg[:200]}")
        if re.search(r"must be 1 instead of \d+", msg):
            parts.append("A Squeeze/Unsqueeze on a dimension that is not 1: the export traced a dimension as squeezable that, "
                         "in the exported graph's shapes, is not (a shape fixed at export, a dynamic axis marked wrong, or an export of "
                         "code that branches on tensor sizes).")
        fix.append("Locate it: onnx.shape_inference.infer_shapes(onnx.load(p), strict_mode=True) raises on the same node; open the model "
                   f"in Netron at {node}.")
        fix.append("Re-export with the input shapes you will run (the dummy input's size) and only the axes that really vary in dynamic_axes, "
                   "or simplify with onnxsim; a newer opset_version / exporter (torch.onnx.export(dynamo=True)) often avoids the bad node.")
    elif "Protobuf parsing failed" in detail:
        derived["what"] = "the file is not a valid ONNX protobuf"
        parts.append(f"{path or 'The file'} could not be parsed as an ONNX protobuf: it is usually a Git LFS pointer (about 130 bytes), an HTML page saved instead of the file, a truncated download, or another format (.pt, .bin) named .onnx.")
        fix.append(f"Check it: ls -l {path or 'model.onnx'}; head -c 120 {path or 'model.onnx'} (starts with 'version https://git-lfs' for a pointer). Then git lfs pull, or download the real file again and compare its size with the source.")
        fix.append("Models with external data (*.onnx + *.onnx_data / weights.pb) need the companion files in the same folder.")
    elif facts.get("missing_path"):
        mp = facts["missing_path"]
        derived["what"] = f"model file not found: {mp}"
        parts.append(f"The path {mp} does not exist from the process's working directory" + (" - it looks like a Hub repo id or a cache snapshot whose files were never downloaded (or were cleaned up)." if "snapshots" in mp or mp.count("/") == 1 else "."))
        fix.append("Use an absolute path (os.path.abspath) or fix the working directory; check the download step ran.")
    elif "No Op registered for" in detail:
        m = re.search(r"No Op registered for (\S+) with domain_version of (\d+)", detail)
        op, dv = (m.group(1), m.group(2)) if m else ("an op", "?")
        derived["what"] = f"op {op} does not exist in opset {dv}"
        parts.append(f"The graph uses {op}, which is not an operator of the declared opset {dv} (a custom/vendor op, an op from a later opset, or a TensorFlow/framework op the converter left in).")
        fix.append(f"Re-export/convert with an opset that defines {op}, or replace it with standard ONNX ops; vendor ops need that vendor's runtime or a custom-op library (SessionOptions.register_custom_ops_library).")
    elif re.search(r"Unrecognized attribute: \w+ for operator \w+", detail):
        m = re.search(r"Unrecognized attribute: (\w+) for operator (\w+)", detail)
        attr, op = m.group(1), m.group(2)
        derived["what"] = f"attribute {attr} of {op} is not valid in the model's opset"
        parts.append(f"A {op} node carries '{attr}' as an attribute, but the opset the model declares defines it differently "
                     f"(ReduceSum moved axes from an attribute to an input in opset 13, the other Reduce* ops in opset 18): "
                     f"the node was written for another opset than the model header says - typically a graph optimizer or "
                     f"fusion (optimum --optimize, onnxruntime.transformers) run by an onnxruntime older than the opset requested at export.")
        fix.append("Re-export without forcing a newer opset (drop --opset / opset_version) or with optimization off, "
                   "or upgrade onnxruntime (1.15+ understands opset 18) in both the optimizing and the loading environment.")
    elif "Type Error" in detail:
        derived["what"] = "type error in the graph"
        parts.append(f"Graph validation found an input of a type the operator does not accept: {detail.strip()[:200]}")
        fix.append("Insert a Cast to a supported type before that node (e.g. int64 -> float for Min/Max on older opsets) or re-export with a higher opset where the op accepts that type.")
    elif detail:
        detail = re.sub(r"^\S+\.(?:cc|h):\d+ (?:[A-Za-z_:]+ )?", "", detail.strip())
        derived["what"] = detail[:120]
        parts.append(f"ONNX Runtime rejected the model while loading it: {detail.strip()}")
        fix.append("Run onnx.checker.check_model(path, full_check=True) to locate the problem; re-export with the current exporter or upgrade onnxruntime if the message names an unknown op, type or version.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
