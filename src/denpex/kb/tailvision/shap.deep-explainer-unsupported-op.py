"""Computed diagnosis for shap.deep-explainer-unsupported-op: classify the TensorFlow op shap lacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LINEAR = {"AddV2", "Add", "Sub", "Identity", "IdentityN", "Reshape", "Squeeze", "ExpandDims",
           "Transpose", "ConcatV2", "Pack", "Unpack", "StridedSlice", "Slice", "GatherV2", "Tile",
           "BiasAdd", "Pad", "Cast", "AddN"}
_RNN_PREFIXES = ("TensorList", "While", "StatelessWhile", "CudnnRNN", "Enter", "Exit", "NextIteration",
                 "LoopCond", "Merge", "Switch")
_NONLINEAR = {"LeakyRelu", "Gelu", "Sin", "Cos", "Exp", "Log", "Sqrt", "Pow", "Erf", "Selu", "Softsign",
              "Swish", "Mish"}
_MATMUL = {"BatchMatMulV2", "BatchMatMul", "BatchMatMulV3", "Einsum"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    if not isinstance(op, str) or not op:
        return None
    handler = "shap.explainers._deep.deep_tf"
    if op.startswith(_RNN_PREFIXES):
        kind = " (recurrent layer: loop/TensorList ops)"
        text = (f"{op} comes from a Keras recurrent layer (LSTM/GRU compiled to a While loop / cuDNN kernel). "
                "shap's TensorFlow DeepExplainer cannot propagate DeepLIFT multipliers through these ops.")
        fix = ("Use shap.KernelExplainer(model.predict, background) or shap.PermutationExplainer for this model.",
               "Or rebuild the RNN with unroll=True (no While/TensorList ops) and use GradientExplainer.")
    elif op in _LINEAR:
        kind = " (linear op: passthrough is safe)"
        text = f"{op} is linear in each input, so shap can treat it as a passthrough; the installed shap simply has no entry for it."
        fix = (f"import {handler} as deep_tf; deep_tf.op_handlers['{op}'] = deep_tf.passthrough  # before shap.DeepExplainer(...)",
               "Or upgrade shap, which maps more TF2 op names.")
    elif op in _MATMUL:
        kind = " (matrix product of two activations)"
        text = f"{op} multiplies two model activations (attention-like block); DeepLIFT has no exact rule for it in shap."
        fix = ("Use shap.GradientExplainer or a model-agnostic explainer (KernelExplainer/PermutationExplainer).",
               f"A passthrough mapping (deep_tf.op_handlers['{op}'] = deep_tf.passthrough) runs but gives approximate attributions.")
    elif op in _NONLINEAR:
        kind = " (element-wise nonlinearity)"
        text = f"{op} is an element-wise nonlinearity shap has no handler for."
        fix = (f"import {handler} as deep_tf; deep_tf.op_handlers['{op}'] = deep_tf.nonlinearity_1d(0)  # before building the explainer",
               "Or replace the activation (e.g. LeakyReLU -> ReLU) in the explained model, or use KernelExplainer.")
    else:
        kind = ""
        text = f"The model contains TensorFlow op {op}, which shap's DeepExplainer has no DeepLIFT rule for."
        fix = ("Use shap.KernelExplainer / shap.PermutationExplainer (model-agnostic), or GradientExplainer if the op is differentiable.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
