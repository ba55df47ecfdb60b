"""Computed diagnosis for tflite.delegate-apply-failed: which step of the delegate failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    low = reason.lower()
    if not reason:
        return Explanation(text="The delegate was rejected but the reason was logged elsewhere: look for the 'TfLiteGpuDelegate Init:' "
                                "(or NN API) line printed by tflite just before the exception.",
                           fix=("adb logcat -s tflite to see the delegate's own error line.",),
                           derived={"diagnosis": "reason not in the pasted lines"})
    if "opencl" in low or "build program" in low or "shader" in low or "egl" in low:
        diagnosis = "GPU driver cannot build the delegate's programs"
        fix = ("Try the OpenGL backend or a newer tensorflow-lite-gpu; fall back to CPU on devices where the delegate fails.",)
    elif "nn api" in low or "nnapi" in low or "aneuralnetworks" in low:
        diagnosis = "NNAPI driver rejected the model"
        fix = ("Disable NNAPI (or set allowFp16/useNnapiCpu options) and use XNNPACK/CPU on this device.",)
    elif "not initialized" in low:
        diagnosis = "delegate Init failed earlier"
        fix = ("Read the TfLiteGpuDelegate Init line before this one: it names the op or program that failed.",)
    else:
        diagnosis = "op or shape unsupported by the delegate"
        fix = ("Change the named op/shape (static 4-D tensors, supported op versions) or keep that part on CPU; fall back to CPU when "
               "applying the delegate throws.",)
    return Explanation(text=f"The delegate failed while taking over the graph: {reason}", fix=fix, derived={"diagnosis": diagnosis})
