"""Computed diagnosis for onnxruntime.providers-required: the InferenceSession call to write for this build."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("providers") or "")
    names = re.findall(r"[A-Za-z]+ExecutionProvider", raw)
    gpu = [n for n in names if n in ("TensorrtExecutionProvider", "CUDAExecutionProvider", "ROCMExecutionProvider", "MIGraphXExecutionProvider", "DmlExecutionProvider", "OpenVINOExecutionProvider")]
    parts: list[str] = []
    fix: list[str] = []
    if names:
        parts.append(f"The installed ONNX Runtime offers {', '.join(names)}, so since ORT 1.9 the InferenceSession must be told which to use.")
    else:
        parts.append("The installed ONNX Runtime offers more than the CPU provider, so since ORT 1.9 the InferenceSession must be told which to use.")
    if gpu:
        chosen = [n for n in gpu if n != "TensorrtExecutionProvider"][:1] or gpu[:1]
        call = f"onnxruntime.InferenceSession(model_path, providers={chosen + ['CPUExecutionProvider']!r})"
        fix.append(f"Create the session as {call} (add 'TensorrtExecutionProvider' first only if TensorRT is installed and wanted).")
        fix.append("For CPU only: providers=['CPUExecutionProvider'].")
    else:
        call = "onnxruntime.InferenceSession(model_path, providers=['CPUExecutionProvider'])"
        if "AzureExecutionProvider" in names:
            parts.append("AzureExecutionProvider comes with ORT 1.16+ CPU wheels: this is a CPU install.")
        fix.append(f"Create the session as {call}.")
    fix.append("If the call is inside a library, upgrade the library (or patch that call); also make sure only one of onnxruntime / onnxruntime-gpu is installed.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"call": call})
