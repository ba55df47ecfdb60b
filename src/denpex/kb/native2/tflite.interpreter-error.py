"""Computed diagnosis for tflite.interpreter-error: Flex op vs a TensorFlow op passed through as a
custom op vs a genuine custom op vs a runtime older than the converter, and the fix for each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# TensorFlow op names that show up as 'custom' ops when allow_custom_ops let them through
_TF_OPS = {
    "AddV2", "Enter", "Exit", "Merge", "Switch", "NextIteration", "LoopCond", "TensorListReserve",
    "TensorListFromTensor", "TensorListGetItem", "TensorListSetItem", "TensorListStack", "TensorArrayV3",
    "Slice", "StridedSlice", "Size", "Erf", "Einsum", "Dilation2D", "Pad", "RandomUniform", "Range",
    "Where", "NonMaxSuppressionV5", "CombinedNonMaxSuppression", "ResizeBilinear", "Conv3D",
    "ExtractImagePatches", "BroadcastTo", "RFFT", "IRFFT", "Bincount", "StatelessWhile", "While",
}
_FLEX_FIX = ("Link the Flex delegate: Python - use tf.lite.Interpreter from the full tensorflow package (tflite_runtime has no Flex); "
             "Android - implementation 'org.tensorflow:tensorflow-lite-select-tf-ops:<tensorflow-lite version>'; "
             "C++ - build and link //tensorflow/lite/delegates/flex:tensorflowlite_flex.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op") or ""
    node = facts.get("node")
    at = f" (node {node})" if node is not None else ""
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("builtin_code") is not None:
        code = facts["builtin_code"]
        derived["what"] = f"TFLite runtime too old for the model: builtin op code {code} unknown"
        parts.append(f"The model uses builtin operator code {code}, which this TFLite runtime does not know at all: the model was converted by a newer TensorFlow than the runtime (tflite_runtime, the Android / iOS library, a C++ build, the Edge TPU compiler).")
        fix.append("Upgrade the runtime to the TensorFlow version that converted the model (pip install -U tflite-runtime / ai-edge-litert, newer org.tensorflow:tensorflow-lite), or reconvert with the TensorFlow version the runtime was built from.")
    elif facts.get("op_version") is not None:
        v = facts["op_version"]
        derived["what"] = f"TFLite runtime lacks {op} version {v} (converter newer than runtime)"
        parts.append(f"The converter wrote builtin {op} at op version {v}; this runtime registers only older versions of {op}. The runtime is older than the converting TensorFlow (or, on TFLite Micro, {op} is not added to the op resolver).")
        fix.append(f"Upgrade the runtime, or reconvert with the TensorFlow version matching it so {op} keeps an older version (version {v} usually comes from a newer dtype / quantization of {op}: int16, float16 or per-channel).")
        fix.append(f"TFLite Micro: add {op} to the MicroMutableOpResolver (resolver.Add{op.title().replace('_', '')}()) and update tflite-micro; Edge TPU: convert with the TF version the compiler documents.")
    elif op.startswith("Flex"):
        tf_op = op[4:]
        derived["what"] = f"TFLite model needs the Flex delegate for {op}{at}"
        parts.append(f"{op} is the TensorFlow op {tf_op} kept as a Select TF op (the model was converted with SELECT_TF_OPS); this interpreter has no Flex delegate to run it.")
        fix.append(_FLEX_FIX)
        fix.append(f"Or reconvert without SELECT_TF_OPS after replacing {tf_op} with builtin-friendly ops (for TensorList* / TensorArray*: an unrolled or fused LSTM with a fixed batch size).")
    elif op:
        if op in _TF_OPS or op.endswith(("V2", "V3")):
            derived["what"] = f"TensorFlow op {op} left in the model as an unresolved custom op{at}"
            parts.append(f"{op} is a TensorFlow op that the converter could not turn into a TFLite builtin; allow_custom_ops=True kept it as a custom op, and no TFLite runtime implements it.")
            if op in ("Enter", "Exit", "Merge", "Switch", "NextIteration", "LoopCond"):
                parts.append("These are TF1 control-flow ops: export the model with TF2 control flow (tf.compat.v1.enable_control_flow_v2()) before converting.")
            fix.append("Reconvert with converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS, tf.lite.OpsSet.SELECT_TF_OPS] and allow_custom_ops=False, then run with the Flex delegate.")
            fix.append("Or use a converter / TF version that lowers it to builtins (AddV2 -> ADD needs TF 2.x conversion of a TF 2.x graph), or change the layer that produces it.")
        else:
            derived["what"] = f"TFLite custom op {op} has no kernel registered in this TFLite runtime{at}"
            parts.append(f"The model contains the custom operator {op}; the runtime resolves custom ops only by the names the application registers, and {op} was not registered.")
            fix.append(f"Register its kernel: C++ resolver.AddCustom(\"{op}\", Register_{op}()); Python tf.lite.Interpreter(model_path=..., custom_op_registerers=[...]); Android build a custom AAR with the op.")
            fix.append(f"Or rewrite the model without {op} (composite of builtins) or convert it as a Select TF op if TensorFlow has it.")
    else:
        derived["what"] = "TFLite model needs Select TF ops (Flex delegate)"
        parts.append("The model contains Select TensorFlow (Flex) ops and this interpreter has no Flex delegate.")
        fix.append(_FLEX_FIX)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
