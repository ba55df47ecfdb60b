"""Computed diagnosis for onnxruntime.batchnorm-training-mode: which kernel refused the training BatchNorm."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "cpu-training-not-in-build":
        where = "CPU kernel, inference build"
        text = ("The CPU BatchNorm kernel of this ONNX Runtime build has no training mode, and the model's BatchNormalization is in "
                "training mode: it was exported with the model in train() (or training=TRAINING).")
    elif sig == "cuda-bn-opset14":
        where = "CUDA kernel, opset >= 14"
        text = ("The CUDA BatchNorm kernel refuses training_mode=1 at opset 14+: the model's BatchNormalization was exported in "
                "training mode (the CPU provider of some builds may still run it, with batch statistics).")
    else:
        return None
    fix = ("Re-export: model.eval(); torch.onnx.export(model, args, 'm.onnx', training=torch.onnx.TrainingMode.EVAL).",)
    return Explanation(text=text, fix=fix, derived={"where": where})
