"""Computed diagnosis for tensorrt.uff-parse-failed: which UFF parser check failed and what to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ONNX = ("Move off UFF (deprecated in TensorRT 7, removed in 9): python -m tf2onnx.convert --saved-model <dir> --output model.onnx "
         "(or --input frozen.pb --inputs ... --outputs ...), then trtexec --onnx=model.onnx.")
_PLUGIN_OP = re.compile(r"_[A-Za-z0-9]+_TRT\b")


def _classify(detail: str, node: str, count: Any) -> tuple[str, tuple[str, ...]]:
    low = detail.lower()
    if count is not None and str(count) == "0":
        return ("the parser found no graph in the file: the .uff path is wrong (relative paths resolve against the working "
                "directory the binary runs in), the file is empty, or it is not a UFF file (.pb, .etlt, .onnx)",
                ("ls -l the path the program opens; give an absolute path or run from the folder the sample expects.",
                 "Regenerate the .uff: convert-to-uff frozen.pb -o model.uff -O <output_node> and check it is not 0 bytes."))
    plugin = _PLUGIN_OP.search(detail)
    if plugin:
        name = plugin.group(0)
        return (f"plugin op {name} has no creator in the plugin registry (plugin library not loaded, or older than the model)",
                ("Load plugins before parsing: trt.init_libnvinfer_plugins(logger, '') / initLibNvInferPlugins(&logger, \"\").",
                 f"TLT/TAO and graphsurgeon models need the TensorRT OSS libnvinfer_plugin that provides {name}, built for your "
                 "TensorRT version; point DeepStream's custom-lib-path / LD_PRELOAD at it."))
    if "65504" in detail or "outside of [" in low:
        return ("an FP32 weight does not fit FP16 because the parser itself was asked to parse in half precision",
                ("Parse with DataType FLOAT (trt.float32) and set FP16 on the builder/config instead; TensorRT keeps such layers "
                 "accurate while still using FP16 kernels elsewhere.",))
    if "dimensions" in low or "order size" in low or "kernel weights" in low or "scale layer" in low:
        return (f"the input registered for the graph does not match what node {node or '?'} expects (name, rank, CHW dims, "
                "or NCHW/NHWC order)",
                ("Register every graph input by its exact node name with dims without the batch: parser.register_input('input', "
                 "(C, H, W), trt.UffInputOrder.NHWC) for channels-last graphs, NCHW otherwise.",
                 "Register outputs by their real node names; an unregistered placeholder (input_2) means the graph has another input.",
                 "Use the TensorRT version the sample/model was written for (sample_uff_* graphs and plugins change between releases)."))
    if "unsupported" in low:
        return (f"node {node or '?'} uses an op the UFF parser cannot map to a TensorRT layer",
                ("Rewrite that node before conversion (graphsurgeon, replace Lambda/Maximum-with-constant by supported ops) "
                 "or implement it as a plugin.", _ONNX))
    return (f"node {node or '?'} failed a UFF parser check",
            ("Re-run with a VERBOSE logger to see the last node parsed, and compare registered inputs/outputs with the graph.", _ONNX))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "").strip()
    node = str(facts.get("node") or "").strip()
    count = facts.get("count")
    summary = str(facts.get("summary") or "").strip()
    if not detail and count is None and not summary:
        return None
    if not detail and count is None:
        text = (f"TensorRT reported 'Failed to parse {summary}': the UFF parser rejected the model; the UffParser line just "
                "above names the node and the reason (when the log level hid it, re-run with a VERBOSE/INFO logger).")
        return Explanation(text=text, fix=("Look for 'UffParser: Parser error' / 'Validator error' / 'Unsupported number of graph' above.", _ONNX),
                           derived={"where": "(reason on the UffParser line above)", "detail": f"Failed to parse {summary}"})
    kind, fix = _classify(detail, node, count)
    if count is not None and not detail:
        detail = f"Unsupported number of graph {count}"
    where = f"at node {node}" if node else "reading the .uff file"
    text = f"The TensorRT UFF parser stopped {where}: {kind}. Parser said: {detail}"
    return Explanation(text=text, fix=fix, derived={"where": where, "detail": detail})
