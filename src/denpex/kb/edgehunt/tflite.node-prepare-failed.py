"""Computed diagnosis for tflite.node-prepare-failed: builtin kernel check vs delegate node."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DELEGATES = {
    "TfLiteXNNPackDelegate": ("XNNPACK delegate", "tf.lite.Interpreter(model_path=..., experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES) (or build the runtime with --define tflite_with_xnnpack=false)"),
    "TfLiteFlexDelegate": ("Flex (Select TF ops) delegate", "check the Select TF op inside it (shapes, dtypes) and use the same TensorFlow version for conversion and the Flex runtime"),
    "TfLiteGpuDelegateV2": ("GPU delegate", "run without the GPU delegate or keep only GPU-supported ops on it"),
    "TfLiteGpuDelegate": ("GPU delegate", "run without the GPU delegate or keep only GPU-supported ops on it"),
    "TfLiteNnapiDelegate": ("NNAPI delegate", "run without NNAPI (Interpreter.Options().setUseNNAPI(false))"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    if not op:
        return None
    node = facts.get("node")
    phase = str(facts.get("phase") or "prepare")
    check = str(facts.get("check") or "").strip()
    kernel = str(facts.get("kernel") or "")
    where = f"node {node} ({op})" if node is not None else op
    if op in _DELEGATES:
        name, how = _DELEGATES[op]
        text = (f"{where} is the {name}, which took over part of the graph and failed to {phase} it. The model's own ops are "
                "resolved; the delegate rejects (or crashes on) the subgraph it claimed.")
        return Explanation(text=text, fix=(f"Confirm by running without it: {how}.",
                                           "Align the TensorFlow version used for conversion with the runtime (tensorflow / tflite_runtime / Android tensorflow-lite)."),
                           derived={"diagnosis": f"{name} failed"})
    vals = re.search(r"\((-?\d+) != (-?\d+)\)", check)
    text = f"The builtin kernel of {where} failed to {phase}"
    if kernel and check:
        text += f": check in kernels/{kernel}.cc did not hold: {check}"
    text += "."
    if vals:
        text += (f" The node received {vals.group(1)} where the converted graph implies {vals.group(2)}: the input shape fed or resized "
                 "differs from the one the model was converted with, along a dimension the graph baked in.")
    if op == "SPACE_TO_BATCH_ND":
        text += " SPACE_TO_BATCH_ND comes from a dilated convolution: the spatial size must be a multiple of the dilation rate (use the converted input size)."
    fix = ("Print interpreter.get_input_details() and feed exactly 'shape' (only -1 entries of 'shape_signature' may be resized, before allocate_tensors).",
           "Or re-convert the model with the input size/batch you need (fixed input_signature or a dynamic dimension).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{op} kernel rejected its input shapes" if vals else f"{op} kernel failed to {phase}"})
