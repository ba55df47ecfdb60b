"""Computed diagnosis for caffe.prototxt-parse-failed: which file, which field, which kind of mistake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FORK_FIELDS = {
    "roi_pooling_param": "py-faster-rcnn's caffe-fast-rcnn",
    "smooth_l1_loss_param": "py-faster-rcnn's caffe-fast-rcnn",
    "prior_box_param": "the SSD fork (weiliu89/caffe, ssd branch)",
    "detection_output_param": "the SSD fork (weiliu89/caffe, ssd branch)",
    "multibox_loss_param": "the SSD fork (weiliu89/caffe, ssd branch)",
    "norm_param": "the SSD fork (weiliu89/caffe, ssd branch)",
    "annotated_data_param": "the SSD fork (weiliu89/caffe, ssd branch)",
    "interp_param": "the DeepLab/PSPNet Caffe",
    "bn_param": "a SegNet/PSPNet-style fork with a BN layer",
    "mem_param": "the project's own Caffe",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    proto_file = str(facts.get("proto_file") or "")
    field = facts.get("field")
    msg = facts.get("message_type")
    err = str(facts.get("parse_error") or "")
    line = facts.get("line")
    lower = proto_file.lower()
    if lower.endswith((".caffemodel", ".binaryproto", ".h5")) and facts.get("_signature") == "read-text-file-or-die":
        return Explanation(
            text=(f"{proto_file} is a binary weights file, but Caffe tried to read it as the text network definition: "
                  "the prototxt and caffemodel arguments are swapped, or the wrong path was given."),
            fix=("caffe.Net('deploy.prototxt', 'weights.caffemodel', caffe.TEST)  # text definition first, weights second",),
            derived={"diagnosis": "binary caffemodel passed as prototxt"},
        )
    if field and str(msg) in ("caffe.LayerConnection", "caffe.V0LayerParameter", "caffe.V1LayerParameter"):
        return Explanation(
            text=(f"The file uses '{field}' inside {msg}: a network definition in the 2014 layer-connection format, or a "
                  "Caffe build too old for the file's syntax; the two sides are years apart."),
            fix=("Use a Caffe build of the model's era, or convert the definition: build/tools/upgrade_net_proto_text old.prototxt new.prototxt.",),
            derived={"diagnosis": "network definition and Caffe build from different eras"},
        )
    if field:
        where = f" (line {line})" if line else ""
        fork = _FORK_FIELDS.get(str(field))
        owner = fork or "a Caffe fork or another Caffe version"
        return Explanation(
            text=(f"The file uses field '{field}' of {msg}{where}, which the caffe.proto compiled into this Caffe does not "
                  f"define: the model was written for {owner}."),
            fix=("Build the Caffe that comes with the project (its submodule/fork) and put its python/ first on PYTHONPATH.",
                 f"grep -n '{field}' $CAFFE_ROOT/src/caffe/proto/caffe.proto  # empty = this build cannot read the model"),
            derived={"diagnosis": f"unknown field {field}"},
        )
    if err and ("control characters" in err or "Expected identifier" in err or "Expected \"" in err) and (not line or int(line) <= 3):
        return Explanation(
            text=(f"protobuf found non-text content at the start of the file ({err}): a binary file (the .caffemodel) or an "
                  "HTML page was given where the text .prototxt belongs."),
            fix=("Check the argument order and open the file in a text editor; re-download if it is an HTML error page.",),
            derived={"diagnosis": "not a text prototxt"},
        )
    if facts.get("_signature") == "read-binary-file-or-die":
        return Explanation(
            text=(f"The binary model {proto_file or ''} could not be parsed: a truncated/partial download, a Git LFS pointer "
                  "or a file that is not a Caffe model."),
            fix=("Re-download the .caffemodel and compare its size/checksum with the published one.",),
            derived={"diagnosis": "corrupt or foreign caffemodel"},
        )
    if proto_file:
        return Explanation(
            text=(f"protobuf rejected {proto_file}; the libprotobuf line printed just before names the line:column and reason."),
            fix=("Open the file at that line; an unknown field means another Caffe fork, odd characters mean a wrong/binary file.",),
            derived={"diagnosis": "parse error"},
        )
    return None
