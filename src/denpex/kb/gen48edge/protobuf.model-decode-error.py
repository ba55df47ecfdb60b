"""Computed diagnosis for protobuf.model-decode-error: what kind of file the loader expected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = {
    "onnx.ModelProto": ("an ONNX model (.onnx)", "onnx"),
    "onnx.AttributeProto": ("an ONNX model (.onnx)", "onnx"),
    "onnx.GraphProto": ("an ONNX model (.onnx)", "onnx"),
    "tensorflow.GraphDef": ("a frozen TensorFlow graph (.pb)", "tf"),
    "tensorflow.SavedModel": ("a TensorFlow SavedModel (saved_model.pb)", "tf"),
    "caffe.NetParameter": ("a Caffe model (.caffemodel)", "caffe"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ptype = str(facts.get("proto_type") or "").strip()
    sig = str(facts.get("_signature") or "")
    if not ptype and not sig:
        return None
    kind, family = _KINDS.get(ptype, ("", ""))
    if not family and ptype.startswith("onnx."):
        kind, family = "an ONNX model (.onnx)", "onnx"
    elif not family and ptype.startswith("tensorflow."):
        kind, family = "a TensorFlow protobuf file", "tf"
    if family == "onnx":
        diagnosis = "file is not a complete ONNX ModelProto (LFS pointer, truncated download, other format)"
        fix = (
            "ls -l model.onnx; head -c 120 model.onnx  # 'version https://git-lfs' or '<html' = not the model",
            "git lfs pull / re-download and compare the checksum; or re-export with torch.onnx.export.",
        )
    elif family == "tf":
        diagnosis = "file is not the TensorFlow message the loader expects (SavedModel vs frozen GraphDef, truncated file)"
        fix = (
            "For a SavedModel directory use tf.saved_model.load(dir) (or --input_format=tf_saved_model); GraphDef parsing is only for frozen graphs.",
            "Re-download / re-export the .pb if its size is wrong.",
        )
    else:
        diagnosis = "model bytes are not a valid serialized protobuf of the expected type"
        fix = (
            "Check the file size and first bytes (LFS pointer, HTML page), re-download it, and load it with the loader for its format.",
        )
    text = "protobuf could not parse the model file"
    if ptype:
        text += f" as {ptype}" + (f" ({kind})" if kind else "")
    text += f". Likely: {diagnosis}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
