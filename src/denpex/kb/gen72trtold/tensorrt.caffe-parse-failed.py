"""Computed diagnosis for tensorrt.caffe-parse-failed: unknown field vs syntax error vs missing file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FIELD = re.compile(r'has no field named "([A-Za-z0-9_]{1,80})"')
_FORK_LAYERS = {
    "upsample_param": "Upsample (YOLOv3 Caffe forks)",
    "reorg_param": "Reorg (YOLOv2)",
    "region_param": "Region (YOLOv2)",
    "roi_pooling_param": "ROIPooling (Faster R-CNN; TensorRT's RPROI plugin)",
    "yolo_param": "YOLO detection (Caffe forks)",
    "interp_param": "Interp (PSPNet/DeepLab forks)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "").strip()
    line, column = facts.get("line"), facts.get("column")
    what = str(facts.get("what") or "").strip()
    path = facts.get("path")
    if path is not None or facts.get("_signature") == "could-not-open":
        shown = str(path or "").strip()
        text = ("TensorRT's Caffe parser could not open " + (f"'{shown}'" if shown else "an empty file name")
                + ": the prototxt/caffemodel path is wrong, relative to another working directory, or was never set.")
        return Explanation(text=text,
                           fix=("Pass absolute paths for the prototxt and caffemodel (trtexec --deploy/--model, jetson-inference "
                                "--prototxt/--model) and check them with ls -l.",),
                           derived={"what": "the model files", "detail": f"Could not open file {shown}".strip()})
    if detail:
        at = f"line {line}, column {column} of the deploy prototxt" if line is not None else "the deploy prototxt"
        m = _FIELD.search(detail)
        if m:
            field = m.group(1)
            layer = _FORK_LAYERS.get(field)
            kind = (f"parameter block '{field}' is not in TensorRT's Caffe schema (ditcaffe mirrors upstream Caffe)"
                    + (f"; it belongs to the {layer} layer of a Caffe fork" if layer else ""))
            fix = (f"Remove or comment out the {field} {{...}} block at {at}; keep the layer and create it through "
                   "IPluginFactory (nvcaffeparser1) with those values inside the plugin.",
                   "If a TensorRT sample needs it, build the TensorRT OSS parser and plugins for your release, or use the "
                   "prototxt shipped with the sample.",
                   "Or convert the model to ONNX and use the ONNX parser (the Caffe parser is removed in TensorRT 9).")
            return Explanation(text=f"TensorRT's Caffe parser stopped at {at}: {kind}.", fix=fix,
                               derived={"what": at, "detail": detail, "field": field})
        return Explanation(text=f"TensorRT's Caffe parser could not read {at} as text protobuf: {detail} (a syntax error there).",
                           fix=(f"Open the prototxt at {at} and fix the brace/quote/field syntax, then re-run.",),
                           derived={"what": at, "detail": detail})
    if what:
        return Explanation(text=(f"TensorRT's Caffe parser could not parse the {what}; the line just above (libprotobuf "
                                 "'Error parsing text-format ditcaffe...' or 'Could not open file') gives the reason."),
                           fix=("Check the prototxt/caffemodel pair match and load in Caffe, and that both paths exist.",),
                           derived={"what": f"the {what}", "detail": f"Could not parse {what}"})
    return None
