"""Computed diagnosis for tfjs.converter-unsupported-ops: what kind of ops block the conversion."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRAINING = ("Variable", "Assign", "Apply", "Grad", "SaveV2", "RestoreV2", "Queue", "Summary", "BroadcastGradientArgs")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("ops") or "").strip()
    stage = str(facts.get("stage") or "")
    ops = [o.strip() for o in raw.split(",") if o.strip()]
    if not ops and not stage:
        return None
    shown = ", ".join(ops[:8]) + (f" (+{len(ops) - 8} more)" if len(ops) > 8 else "")
    fix: list[str] = []
    why: list[str] = []
    if any(o.startswith("_Mkl") for o in ops):
        why.append("_Mkl* ops are oneDNN fusions that grappler created during the converter's own optimisation")
        fix.append("Re-run with TF_ENABLE_ONEDNN_OPTS=0 tensorflowjs_converter ... so grappler does not fuse to oneDNN ops.")
    if any(any(t in o for t in _TRAINING) for o in ops):
        why.append("training-only ops (variables, optimizer updates, gradients, queues) mean a training graph was exported")
        fix.append("Export an inference-only SavedModel (tf.saved_model.save / model.export with a serving signature) and convert that.")
    if any(o.startswith("TensorList") for o in ops):
        why.append("TensorList* ops come from tf.map_fn / loops over tensors")
        fix.append("Replace tf.map_fn with vectorised ops, move the loop into JavaScript, or upgrade tensorflowjs.")
    if any(o in ("PyFunc", "EagerPyFunc", "PyFuncStateless") for o in ops):
        why.append("PyFunc is a tf.py_function/numpy_function that only exists inside Python")
        fix.append("Remove tf.py_function from the exported graph and do that step in JavaScript.")
    if any(o in ("Assert", "CheckNumerics", "Print", "PrintV2") for o in ops):
        why.append("debug ops are left in the graph")
        fix.append("Add --strip_debug_ops=True.")
    if any(o.startswith("SimpleML") for o in ops):
        why.append("SimpleML* ops belong to TensorFlow Decision Forests")
        fix.append("Use @tensorflow/tfjs-tfdf to run TF-DF models in the browser instead of a plain graph model.")
    if not fix:
        fix.append(f"Check {shown or 'these ops'} against tfjs-converter supported_ops.md; upgrade tensorflowjs, rewrite the layer with supported ops, "
                   "or implement it with tf.registerOp and convert with --skip_op_check.")
    text = f"The converter stopped {stage} graph optimisation: TF.js has no kernel for {shown or 'some ops'}."
    if why:
        text += " " + "; ".join(why).capitalize() + "."
    return Explanation(text=text, fix=tuple(fix), derived={"n_ops": len(ops)})
