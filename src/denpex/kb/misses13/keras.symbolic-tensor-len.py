"""Computed diagnosis for keras.symbolic-tensor-len: which library and which call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PKG = {
    "rl": ("keras-rl", "pip uninstall -y keras-rl && pip install keras-rl2  # the TF2 port of keras-rl"),
    "kerassurgeon": ("kerassurgeon", "pip install 'tensorflow<2.4'  # kerassurgeon reads len/op of layer tensors"),
    "keras_surgeon": ("kerassurgeon", "pip install 'tensorflow<2.4'  # kerassurgeon reads len/op of layer tensors"),
    "nobuco": ("nobuco", "Upgrade nobuco or convert with static input shapes (trace_shape off)."),
    "deepvog": ("DeepVOG", "Use TensorFlow 1.12 as the project states, or its TF2 port."),
    "tog": ("TOG", "Pin the TensorFlow/Keras versions of the repository."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    attr = facts.get("attr") or ("__len__" if sig == "tf1-len-not-well-defined" else None)
    pkg = facts.get("package")
    derived: dict[str, Any] = {}
    if pkg in _PKG:
        name, fix = _PKG[str(pkg)]
        derived["package_note"] = f" inside {name}"
        derived["diagnosis"] = f"{name} written for an older Keras/TensorFlow"
        text = f"{name} calls {attr or 'len'} on a symbolic Keras tensor, which the installed TensorFlow does not allow."
        return Explanation(text=text, fix=(fix,), derived=derived)
    if attr is None and not sig:
        return None
    derived["package_note"] = ""
    if attr == "op":
        derived["diagnosis"] = "tensor.op read on a KerasTensor"
        text = "Code reads .op of a Keras symbolic tensor (graph surgery written for TF <= 2.3)."
        fix = ("Pin tensorflow<2.4 for this code, or rewrite it on the layer/model API instead of tensor.op.",)
    else:
        derived["diagnosis"] = "len() of a symbolic tensor"
        t = facts.get("tensor")
        text = f"len() was called on a symbolic tensor{f' ({t})' if t else ''}: use x.shape[0] or model.outputs instead."
        fix = ("Replace len(x) by x.shape[0] (or len(model.outputs) for output counts), or use the library's TF2 version.",)
    return Explanation(text=text, fix=fix, derived=derived)
