"""Computed diagnosis for triton.model-load-failed: what kind of failure the backend's detail describes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "").strip().rstrip('"').strip()
    model = facts.get("model") or "the model"
    low = detail.lower()
    fix: list[str] = []
    short = detail[:120] + ("..." if len(detail) > 120 else "")
    m = re.search(r"expects (\d+) dimensions \(shape (\[[^\]]*\])\) but the model configuration specifies (\d+) dimensions(?: \(an initial batch dimension because max_batch_size > 0 followed by the explicit tensor shape, making complete shape (\[[^\]]*\]))?", detail)
    if m:
        kind = "config dims do not match the model"
        exp, shape, spec = int(m.group(1)), m.group(2), int(m.group(3))
        text = f"The model file's tensor has {exp} dimensions {shape} but config.pbtxt describes {spec}."
        if spec == exp + 1:
            text += " With max_batch_size > 0 Triton adds a batch dimension to dims; the config lists it too."
            fix.append("Remove the batch dimension from dims (keep max_batch_size), or set max_batch_size: 0 and list the full shape.")
        elif spec + 1 == exp:
            text += " The model has a batch dimension the config does not account for."
            fix.append("Set max_batch_size > 0 (dims without the batch dimension), or max_batch_size: 0 with dims listing the full shape including the batch size.")
        else:
            fix.append(f"Set dims for this tensor to match {shape} (use -1 for variable dimensions).")
    elif "invalid model name" in low:
        kind = "stray directory in the repository"
        text = f"'{model}' is a directory in the model repository that is not a model (e.g. lost+found at the root of a mounted volume, or a hidden/temporary folder); Triton polls every subdirectory."
        fix.append("Point --model-repository at a subdirectory that contains only model folders, or remove the stray directory.")
    elif "unknown platform" in low or "unable to find backend" in low or "unable to find 'libtriton_" in low or "backend" in low and "not found" in low:
        kind = "backend not available"
        text = f"The backend/platform requested for '{model}' is not available in this Triton build (misspelled name, or the backend is not shipped in this container)."
        fix.append("Check platform/backend in config.pbtxt against the backends in /opt/tritonserver/backends; use an image that includes it.")
    elif "tensorrt" in low or "engine plan" in low or "plan file" in low:
        kind = "TensorRT plan could not be loaded"
        text = "The TensorRT backend could not deserialize the plan: it was built with another TensorRT version or on another GPU architecture."
        fix.append("Rebuild the plan with the TensorRT of this Triton release (same NGC month), on the serving GPU type.")
    elif "no such file" in low or "failed to open" in low or "not found" in low or "no version" in low:
        kind = "repository layout"
        text = f"A file Triton expects for '{model}' is missing: config.pbtxt, the numbered version directory, or the model file name the backend looks for (model.onnx, model.plan, model.pt, model.py, model.savedmodel)."
        fix.append("Lay out <repo>/<model>/config.pbtxt and <repo>/<model>/<version>/<default model file>, or set default_model_filename.")
    elif "out of memory" in low or "oom" in low:
        kind = "GPU memory"
        text = "Creating the model instances ran out of GPU memory."
        fix.append("Lower instance_group count, move instances to other GPUs, or unload other models.")
    elif "traceback" in low or "modulenotfounderror" in low or "python" in low or "model.py" in low or "stub" in low:
        kind = "Python backend initialize failed"
        text = "The Python backend's model.py failed while initializing; the Python error is in the detail/log above."
        fix.append("Fix the Python error (install missing packages in the image or a custom execution environment, or correct initialize()).")
    elif "data type" in low or "datatype" in low or "unexpected" in low and "type" in low:
        kind = "data type mismatch"
        text = "A tensor's data_type in config.pbtxt does not match the model file."
        fix.append("Use the model's real types (e.g. TYPE_FP32 vs TYPE_FP16, TYPE_INT64 for token ids) in config.pbtxt.")
    else:
        kind = "backend error"
        text = f"The backend refused '{model}': {detail}"
        fix.append("Rerun with --log-verbose=1 and read the backend messages before this line.")
    fix.append("Meanwhile start the other models with --exit-on-error=false or --model-control-mode=explicit.")
    return Explanation(text=text, fix=tuple(fix), derived={"kind": kind, "short": short})
