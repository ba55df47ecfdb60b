"""Computed diagnosis for tflite.converter-unsupported-ops: Flex-capable vs custom-only ops and the converter setting to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ops(value: Any) -> list[str]:
    if not isinstance(value, str):
        return []
    return [o.strip() for o in value.replace(".", ",").split(",") if o.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    op = facts.get("op")
    code = facts.get("error_code")
    select_ops = _ops(facts.get("select_ops"))
    custom_ops = _ops(facts.get("custom_ops"))
    flex_fix = ("converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS, tf.lite.OpsSet.SELECT_TF_OPS] "
                "(tflite_convert --target_ops=TFLITE_BUILTINS,SELECT_TF_OPS), then link the Flex delegate in the app "
                "(Android: org.tensorflow:tensorflow-lite-select-tf-ops; iOS: TensorFlowLiteSelectTfOps).")
    custom_fix = ("Rewrite the op with builtin ops (einsum -> matmul/transpose, erf-GELU -> tanh GELU, float64 -> float32), or set "
                  "converter.allow_custom_ops = True and register a kernel for it in the app.")
    if sig == "failed-to-legalize" and op:
        problem = f"{op} could not be lowered to TFLite"
        text = (f"The converter could not legalize {op}: the op exists but in a form (dtype, dynamic shape, TensorList) the TFLite "
                "dialect cannot express with builtins.")
        fix: tuple[str, ...] = ("Give the model a static, float32 input signature (tf.TensorSpec with a fixed batch) and convert again.",
                                flex_fix, "Upgrade TensorFlow: newer converters legalize more op forms.")
    elif sig == "toco-unsupported-operation" and op:
        problem = f"{op} has no TFLite builtin (TOCO)"
        text = (f"TOCO met {op}, which has no TFLite builtin kernel, and the conversion failed; the Python error only points at the "
                "console dump, where 'Converting unsupported operation' names the op.")
        if op == "TFLite_Detection_PostProcess":
            text += (" That op is the SSD post-processing custom op of the Object Detection API: it exists only in a graph exported with "
                     "export_tflite_ssd_graph.py and needs custom ops allowed.")
            fix = ("Export with object_detection/export_tflite_ssd_graph.py (--add_postprocessing_op=true), then convert with "
                   "converter.allow_custom_ops = True (tflite_convert --allow_custom_ops).",
                   "Upgrade to TF 2.x and the MLIR converter, which report unsupported ops by name.")
        else:
            fix = (custom_fix, "Upgrade to TF 2.x and the MLIR converter (SELECT_TF_OPS covers many ops TOCO could not convert).")
    elif code == "ERROR_NEEDS_CUSTOM_OPS" or sig == "toco-standard-runtime" and custom_ops:
        names = ", ".join(custom_ops) or op or "the listed op"
        problem = f"{names} not supported (not even by Flex)"
        text = (f"{names} has no TFLite builtin and is not on the Select TF ops (Flex) allowlist, so SELECT_TF_OPS alone will not help.")
        fix = (custom_fix, "Check the allowlist of a newer TensorFlow: the op may have been added to Flex or as a builtin.")
    else:
        names = ", ".join(select_ops) or (op or "the listed ops")
        problem = f"{names} needs TF Select (Flex)"
        text = (f"{names} has no TFLite builtin kernel but can run through the Flex delegate; the conversion used builtins only"
                + (" (Error code ERROR_NEEDS_FLEX_OPS)." if code == "ERROR_NEEDS_FLEX_OPS" else "."))
        fix = (flex_fix, "Alternatively remove the op from the model to keep the app small (Flex adds several MB).")
    derived: dict[str, Any] = {"problem": problem}
    if op:
        derived["tf_op"] = op
    return Explanation(text=text, fix=fix, derived=derived)
