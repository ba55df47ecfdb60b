"""Computed diagnosis for coreml.unsupported-op: which frontend, which op, and the op-specific way around it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FRONTEND = {"torch-op": "PyTorch", "tf-op": "TensorFlow", "keras-layer": "Keras layer", "onnx-coreml-ops": "ONNX (onnx-coreml)", "tfcoreml-ops": "TensorFlow (tfcoreml)"}
_HINTS = {
    "pythonop": "it is a torch.autograd.Function: use the plain torch implementation for export (efficientnet: model.set_swish(memory_efficient=False)).",
    "lift_fresh": "it comes from torch.tensor(numpy_or_list) inside forward: keep the computation in torch tensors.",
    "upsample_bicubic2d": "use bilinear interpolation in the exported model, or upgrade coremltools (bicubic support was added later).",
    "numel": "compute the size from x.shape products or upgrade coremltools.",
    "switch": "TF1 training-mode control flow (keras_learning_phase / cond): freeze the graph in inference mode.",
    "merge": "TF1 training-mode control flow: freeze the graph in inference mode.",
    "statefulpartitionedcall": "the SavedModel signature was not inlined: load the Keras model and convert it, or convert the concrete function.",
    "oneshotiterator": "the graph contains the input pipeline: export with placeholders as inputs.",
    "iteratorgetnext": "the graph contains the input pipeline: export with placeholders as inputs.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    op = facts.get("op")
    if not op:
        return None
    frontend = _FRONTEND.get(str(sig), "model")
    ops = [o for o in str(op).split(",") if o]
    hints = [f"{o}: {_HINTS[o.lower()]}" for o in ops if o.lower() in _HINTS]
    text = f"coremltools has no {frontend} converter for {', '.join(ops)}."
    fix: list[str] = []
    if sig in ("onnx-coreml-ops", "tfcoreml-ops"):
        fix.append("The ONNX/tfcoreml paths are deprecated (removed in coremltools 6): convert the original PyTorch/TF model with ct.convert.")
    else:
        fix.append("pip install -U coremltools and use a torch/TF version it was tested with.")
    fix.extend(hints)
    if sig == "torch-op":
        fix.append(f"Or register a composite op: @register_torch_op def {ops[0].split('::')[-1]}(context, node): ... built from mb.* ops.")
    elif sig == "tf-op":
        fix.append(f"Or register it with @register_tf_op for '{ops[0]}'.")
    elif sig == "keras-layer":
        if ops[0].endswith((".Functional", ".Sequential", ".Model")):
            fix.insert(0, "The 'layer' is a nested Keras model (TF 2.x wraps sub-models as Functional): flatten it into one model, or convert with "
                          "ct.convert(model) from coremltools 4+ (the Keras-only converter predates TF 2.x models).")
        else:
            fix.append("Convert with ct.convert on the TF 2.x model (coremltools 4+), or implement the layer as a Core ML custom layer.")
    return Explanation(text=text, fix=tuple(fix), derived={"frontend": frontend, "op": ", ".join(ops)})
