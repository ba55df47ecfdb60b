"""Computed diagnosis for caffe.weights-shape-mismatch: what changed between saved and built blob."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(v: Any) -> list[int] | None:
    try:
        return [int(x) for x in str(v).split()]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src, dst = _shape(facts.get("source_shape")), _shape(facts.get("target_shape"))
    layer = str(facts.get("layer") or "")
    if not src or not dst:
        return None
    new_name = f"{layer}_new"
    rename = f"Rename layer '{layer}' in the prototxt (e.g. '{new_name}') so it is initialised from scratch."
    n_src, n_dst = 1, 1
    for d in src:
        n_src *= d
    for d in dst:
        n_dst *= d
    if n_src == n_dst and src != dst:
        return Explanation(
            text=(f"The saved and built blobs of '{layer}' hold the same {n_src} values in different shapes "
                  f"({' x '.join(map(str, src))} vs {' x '.join(map(str, dst))}): the weights were stored in another layout "
                  "(fully-connected vs convolutional form, or another Caffe version's blob format)."),
            fix=("Reshape with net surgery: net.params[layer][0].data[...] = src_blob.reshape(dst_shape), or use the Caffe fork the weights were made with.",),
            derived={"diagnosis": "same values, different layout"},
        )
    if len(src) == len(dst) and src[1:] == dst[1:] and src[0] != dst[0]:
        a, b = src[0], dst[0]
        lname = layer.lower()
        if "mbox_conf" in lname or lname.endswith("_conf"):
            for priors in (4, 6, 3, 9, 2, 1):
                if a % priors == 0 and b % priors == 0:
                    ca, cb = a // priors, b // priors
                    return Explanation(
                        text=(f"'{layer}' predicts {priors} priors x classes: saved {a} = {priors} x {ca} classes, built {b} = "
                              f"{priors} x {cb} classes. The detector was set to {cb} classes (background included) but the "
                              f"layer kept its name from the {ca}-class model."),
                        fix=(f"Rename every *_mbox_conf layer (or set num_classes back to {ca}); num_classes counts the background class.",),
                        derived={"diagnosis": f"classes {ca} -> {cb} in mbox_conf"},
                    )
        if "mbox_loc" in lname or lname.endswith("_loc"):
            return Explanation(
                text=(f"'{layer}' predicts 4 box offsets per prior: saved {a} = {a // 4 if a % 4 == 0 else a} priors x 4, built "
                      f"{b} = {b // 4 if b % 4 == 0 else b} priors x 4: the prior-box settings (aspect ratios, flip) differ from the pretrained model."),
                fix=("Use the pretrained model's aspect_ratio/flip settings, or rename the *_mbox_loc layers to train them from scratch.",),
                derived={"diagnosis": "number of priors differs"},
            )
        return Explanation(
            text=(f"Only the output count of '{layer}' differs: {a} saved vs {b} built. This is the classifier whose num_output "
                  f"was changed (for example {a} -> {b} classes) without renaming it."),
            fix=(rename,),
            derived={"diagnosis": f"num_output {a} -> {b}"},
        )
    if len(src) == len(dst) and src[0] == dst[0] and len(src) >= 2 and src[1] != dst[1]:
        a, b = src[1], dst[1]
        extra = ""
        if max(a, b) == 3 * min(a, b):
            extra = " The factor 3 points to RGB vs grayscale input."
        return Explanation(
            text=(f"'{layer}' takes {a} inputs in the saved model and {b} in the built net: the layers or the input before it "
                  f"differ (input size/channels, a changed preceding layer).{extra}"),
            fix=("Build the same input size/channels as the pretrained model, or rename this layer to re-initialise it.",),
            derived={"diagnosis": f"input width {a} vs {b}"},
        )
    return Explanation(
        text=(f"'{layer}' was saved as {' x '.join(map(str, src))} and is built as {' x '.join(map(str, dst))}: the prototxt "
              "describes another variant of the network than the caffemodel."),
        fix=("Use the prototxt that belongs to the caffemodel, or rename the layers you changed.",),
        derived={"diagnosis": "architecture differs"},
    )
