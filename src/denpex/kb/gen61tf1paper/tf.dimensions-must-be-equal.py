"""Computed diagnosis for tf.dimensions-must-be-equal: which axis disagrees and what that means for this op."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_SHAPE = re.compile(r"\[([^\]]*)\]")
_ELEMENTWISE = {"Mul", "Add", "AddV2", "Sub", "RealDiv", "Maximum", "Minimum", "SquaredDifference", "Equal",
                "NotEqual", "Greater", "Less", "BiasAdd", "FloorDiv", "Pow", "LogicalAnd", "Select", "SelectV2"}
_CONV = {"Conv2D", "Conv3D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv1D"}
_MATMUL = {"MatMul", "BatchMatMul", "BatchMatMulV2", "Einsum"}


def _shapes(text: Any) -> list[list[str]]:
    if not text:
        return []
    return [[d.strip() for d in m.group(1).split(",") if d.strip()] for m in _SHAPE.finditer(str(text))]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a = as_int(facts.get("dim_a"))
    b = as_int(facts.get("dim_b"))
    if a is None or b is None:
        return None
    op = str(facts.get("op") or "")
    node = str(facts.get("node") or "")
    shapes = _shapes(facts.get("input_shapes"))
    if not shapes and facts.get("shape_a") and facts.get("shape_b"):
        shapes = _shapes(f"{facts.get('shape_a')} {facts.get('shape_b')}")
    axis = as_int(facts.get("axis"))
    low = node.lower()
    fix: list[str] = []
    if op in ("Assign", "AssignVariableOp") or low.startswith("assign"):
        diagnosis = "weights file built for another configuration"
        where = f" on axis {axis}" if axis is not None else ""
        text = (f"Loading weights: the variable and the saved value differ{where} ({a} vs {b}). The weights file "
                "(or checkpoint) was built for another configuration of this layer.")
        if len(shapes) >= 2 and sorted(shapes[0]) == sorted(shapes[1]) and shapes[0] != shapes[1]:
            diagnosis = "same sizes in another axis order (Theano/channels_first vs TF kernel layout)"
            text += (f" The two shapes [{', '.join(shapes[0])}] and [{', '.join(shapes[1])}] hold the same sizes in another "
                     "order: the weights use the other kernel layout (Theano / channels_first vs TensorFlow).")
            fix.append("Convert the weights to TensorFlow kernel layout or load them with the backend/image_data_format they were saved with.")
        else:
            text += " Typical: a head trained with another number of classes or anchors."
            fix.append("Build the model with the weights' configuration (class count, input channels), or load by name and skip the mismatching layers (load_weights(path, by_name=True, skip_mismatch=True); Mask R-CNN exclude=[head layers]).")
    elif "loss" in low or "crossentropy" in low or "squareddifference" in op.lower() or low.startswith("metrics/"):
        diagnosis = "labels and model outputs differ"
        text = (f"{op} in the loss/metric compares model output and labels, and their sizes differ ({a} vs {b}): the "
                "last Dense layer's units do not match the label width (class count, one-hot vs sparse labels, or a "
                "sequence/flattened target).")
        fix.append(f"Make the output layer produce {b if a != b else a} values per sample or reshape/encode the labels to match; use sparse_categorical_crossentropy for integer labels.")
    elif op in _CONV:
        diagnosis = "input channels differ from the filter's in-channels"
        text = f"{op}: the input has {a} channels but the filter expects {b}."
        if {a, b} == {1, 3}:
            text += " Grayscale vs RGB input."
            fix.append("Convert grayscale images to 3 channels (np.repeat(x, 3, -1) / cv2.cvtColor GRAY2RGB) or build the first conv for the data's channels.")
        if shapes and len(shapes[0]) == 4 and str(b) in shapes[0][1:3]:
            text += " The expected channel count sits on a spatial axis of the input: channels_first vs channels_last."
            fix.append("Match data_format / Keras image_data_format to the input layout.")
        if not fix:
            fix.append("Feed inputs with the channel count the network was built for, or rebuild its first layer.")
    elif op in _MATMUL:
        diagnosis = "contracted sizes differ (flattened size vs Dense input)"
        text = (f"{op}: the first operand has {a} features but the weight expects {b}. After Flatten this usually means "
                "the input image/sequence size differs from the one the Dense layer (or loaded weights) was built for.")
        fix.append("Use the input size the model was built for, or rebuild the Dense layer for the new flattened size (or use global pooling instead of Flatten).")
    elif op == "ConcatV2" or "concat" in low or "route" in low:
        diagnosis = "concatenated branches differ off the concat axis"
        text = (f"Concat: two branches differ by {abs(a - b)} on a non-concatenated axis ({a} vs {b}). An upsampled "
                "map and its skip connection disagree: the input size is not a multiple of the network's total stride.")
        fix.append("Resize or pad inputs to a multiple of the total stride (32 for YOLO/U-Net, 64/128 for deeper nets).")
    elif op in _ELEMENTWISE or not op:
        diagnosis = "element-wise operands do not broadcast"
        text = f"{op or 'An element-wise op'}: operands of size {a} and {b} cannot be broadcast together."
        if len(shapes) >= 2 and len(shapes[0]) >= 3 and str(b) in shapes[0][1:-1] and shapes[0][-1] == str(a):
            diagnosis = "weights sized from the wrong axis (image_data_format)"
            text += (f" The smaller operand has the size of a spatial axis ({b}) instead of the channel axis ({a}): the "
                     "layer took its size from the wrong axis, i.e. Keras image_data_format (channels_first vs "
                     "channels_last) does not match the code.")
            fix.append("Set \"image_data_format\": \"channels_last\" in ~/.keras/keras.json (or K.set_image_data_format) to match the TF-ordered code, or give the layer the right axis.")
        else:
            fix.append("Print both operands' shapes (model.summary()) and make the mismatching axis agree (units, sequence length, embedding size).")
    else:
        diagnosis = "two sizes the op requires to match differ"
        text = f"{op}: sizes {a} and {b} must be equal for node {node or '(unnamed)'}."
        fix.append("Find the axis in the input shapes whose sizes differ and make the two producers agree.")
    if shapes:
        text += " Input shapes: " + ", ".join("[" + ",".join(s) + "]" for s in shapes) + "."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
