"""Computed diagnosis for caffe.unknown-layer-type: why this build lacks the layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STANDARD = {
    "AbsVal", "Accuracy", "ArgMax", "BNLL", "BatchNorm", "BatchReindex", "Bias", "Clip", "Concat", "ContrastiveLoss",
    "Convolution", "Crop", "Data", "Deconvolution", "Dropout", "DummyData", "ELU", "Eltwise", "Embed", "EuclideanLoss",
    "Exp", "Filter", "Flatten", "HDF5Data", "HDF5Output", "HingeLoss", "Im2col", "ImageData", "InfogainLoss",
    "InnerProduct", "Input", "LRN", "LSTM", "LSTMUnit", "Log", "MVN", "MemoryData", "MultinomialLogisticLoss", "PReLU",
    "Parameter", "Pooling", "Power", "Python", "RNN", "ReLU", "Reduction", "Reshape", "SPP", "Scale", "Sigmoid",
    "SigmoidCrossEntropyLoss", "Silence", "Slice", "Softmax", "SoftmaxWithLoss", "Split", "Swish", "TanH", "Threshold",
    "Tile", "WindowData",
}
_FORKS = {
    "ROIPooling": "py-faster-rcnn's caffe-fast-rcnn", "SmoothL1Loss": "py-faster-rcnn's caffe-fast-rcnn",
    "PriorBox": "the SSD fork (weiliu89/caffe ssd)", "DetectionOutput": "the SSD fork (weiliu89/caffe ssd)",
    "MultiBoxLoss": "the SSD fork (weiliu89/caffe ssd)", "AnnotatedData": "the SSD fork (weiliu89/caffe ssd)",
    "Normalize": "the SSD fork (weiliu89/caffe ssd)", "Permute": "the SSD fork (weiliu89/caffe ssd)",
    "Interp": "the DeepLab/PSPNet Caffe", "BN": "a SegNet/PSPNet-style fork", "DetectionData": "the cascade-rcnn Caffe",
    "ImageLabelmapData": "the HED/RCF Caffe", "ConvolutionDepthwise": "a MobileNet depthwise fork",
    "ShuffleChannel": "a ShuffleNet fork", "Upsample": "a SegNet/YOLO-converter fork",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = facts.get("layer_type")
    if not t and facts.get("_signature") == "unknown-layer-type-name-cut":
        return Explanation(
            text=("The prototxt names a layer type this Caffe build does not register; the type name is cut from the log. "
                  "Usually the model needs a Caffe fork (SSD, HED, SegNet, a Python layer) or the layer's source was not compiled in."),
            fix=("Find the type: grep 'type:' in the prototxt and compare with the layers in src/caffe/layers of the build you run.",
                 "Build the fork the model was published with, or enable WITH_PYTHON_LAYER for Python layers."),
            derived={"layer_type": "(name not shown)"},
        )
    if not t:
        return None
    t = str(t)
    if facts.get("_signature") == "kaffe-unknown-layer-type":
        return _kaffe(t)
    if facts.get("_signature") == "layer-type-already-registered":
        return Explanation(
            text=(f"Layer type {t} was registered twice: two copies of libcaffe are loaded in this process (static and "
                  "shared, or two forks), or the layer is registered by hand as well as by Caffe."),
            fix=("Link exactly one libcaffe and remove manual REGISTER_LAYER_CLASS lines for layers Caffe already registers.",),
            derived={"diagnosis": "duplicate registration (two libcaffe copies)"},
        )
    raw = facts.get("known_types")
    known = [k.strip() for k in str(raw).split(",") if k.strip()] if raw is not None else None
    derived: dict[str, Any] = {}
    if known is not None:
        derived["known_count"] = len(known)
    if known is not None and not known:
        derived["diagnosis"] = "no layers registered (static linking)"
        return Explanation(
            text=(f"This Caffe knows no layer types at all, so even {t} is missing: the program links a static libcaffe "
                  "and the linker dropped the layer registration objects."),
            fix=("Link with -Wl,--whole-archive libcaffe.a -Wl,--no-whole-archive (MSVC: /WHOLEARCHIVE:libcaffe.lib) or use the shared libcaffe.",),
            derived=derived,
        )
    if t == "Python":
        derived["diagnosis"] = "built without WITH_PYTHON_LAYER"
        return Explanation(
            text="The network uses a Python layer, but this Caffe was built without Python layer support.",
            fix=("Set WITH_PYTHON_LAYER := 1 in Makefile.config (cmake -DWITH_PYTHON_LAYER=ON), make clean && make -j && make pycaffe.",),
            derived=derived,
        )
    if t in _STANDARD:
        n = f" (it knows {len(known)} types)" if known else ""
        derived["diagnosis"] = "standard layer missing: old or reduced build"
        return Explanation(
            text=(f"{t} is a standard layer of BVLC Caffe 1.0, but this build lacks it{n}: an old Caffe (before the layer "
                  "existed), a reduced custom build, or partly dropped registrations of a static library."),
            fix=("Rebuild a current Caffe (or the project's fork) and make sure the program loads that build.",),
            derived=derived,
        )
    fork = _FORKS.get(t)
    derived["diagnosis"] = f"custom layer {t}: needs {fork or 'the project fork'}"
    return Explanation(
        text=(f"{t} is not a layer of BVLC Caffe: the model was written for {fork or 'a Caffe fork shipped with the project'}, "
              "and the Caffe that ran it does not contain that layer."),
        fix=("Build the Caffe that comes with the project and import it (PYTHONPATH=<project>/caffe/python, check caffe.__file__).",),
        derived=derived,
    )


_V1_ENUM = {"4": "CONVOLUTION", "5": "DATA", "14": "INNER_PRODUCT", "15": "LRN", "17": "POOLING", "18": "RELU",
            "20": "SOFTMAX", "21": "SOFTMAX_LOSS", "39": "DECONVOLUTION"}


def _kaffe(t: str) -> Explanation:
    """caffe-tensorflow (kaffe) converter: the layer type has no mapping in kaffe's NodeKind table."""
    if t.isdigit():
        name = _V1_ENUM.get(t)
        named = f" ({name})" if name else ""
        return Explanation(
            text=(f"caffe-tensorflow met layer type {t}{named}: a number is the V1 'layers {{ type: ENUM }}' format of old "
                  "Caffe prototxts, which the converter does not read."),
            fix=("Upgrade the model files with Caffe's tools first: upgrade_net_proto_text old.prototxt new.prototxt and "
                 "upgrade_net_proto_binary old.caffemodel new.caffemodel, then convert the upgraded files.",),
            derived={"diagnosis": "V1 prototxt (numeric layer type): upgrade before converting"},
        )
    if t == "None":
        return Explanation(
            text=("caffe-tensorflow could not map a layer type (upstream kaffe prints None instead of the type): either "
                  "an old V1 prototxt or a layer that only a Caffe fork has (PriorBox, Interp, ROIPooling, BN ...)."),
            fix=("Run upgrade_net_proto_text / upgrade_net_proto_binary on the model; if it is already V2, grep 'type:' "
                 "in the prototxt for non-BVLC layers and add them to kaffe's NodeKind / layer mapping or convert with "
                 "another tool.",),
            derived={"diagnosis": "unmapped layer type in caffe-tensorflow"},
        )
    std = t in _STANDARD
    return Explanation(
        text=(f"caffe-tensorflow has no mapping for layer type {t}"
              + (" (a standard Caffe layer this converter version does not implement)." if std
                 else f": it is not a BVLC Caffe layer ({_FORKS.get(t) or 'a fork layer'}).")),
        fix=(f"Add {t} to kaffe's NodeKind table and its TensorFlow transformer, replace the layer in the prototxt, or use "
             "a converter that supports it (MMdnn).",),
        derived={"diagnosis": f"caffe-tensorflow cannot map {t}"},
    )
