"""Computed diagnosis for torch2trt.unsupported-method: split harmless helpers from data-path ops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HARMLESS_PREFIX = ("torch.nn.functional.has_torch_function", "torch.overrides.has_torch_function")
_HARMLESS = {"torch.Tensor.__format__", "torch.Tensor.__repr__", "torch.Tensor.get_device", "torch.Tensor.dim",
             "torch.Tensor.__hash__", "torch.Tensor.__len__", "torch.is_tensor"}
_HINT = {
    "torch.Tensor.transpose": "use torch.transpose(x, a, b) or x.permute(...)",
    "torch.Tensor.clone": "drop .clone() in forward (not needed for inference)",
    "torch.tensor": "register the constant as a buffer in __init__ instead of torch.tensor(...) in forward",
    "torch.Tensor.new_tensor": "register the constant as a buffer in __init__",
    "torch.Tensor.to": "remove dtype/device .to() calls inside forward (convert the model once)",
    "torch.nn.functional.silu": "write x * torch.sigmoid(x) or upgrade torch2trt",
    "torch.Tensor.item": "avoid .item() on the data path (it becomes a traced constant)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("method")
    methods = [raw] if isinstance(raw, str) else [m for m in (raw or []) if isinstance(m, str)]
    if not methods:
        return None
    uniq = list(dict.fromkeys(methods))
    harmless = [m for m in uniq if m in _HARMLESS or m.startswith(_HARMLESS_PREFIX)]
    real = [m for m in uniq if m not in harmless]
    fix: list[str] = []
    if not real:
        text = (f"Only PyTorch-internal helpers were reported ({', '.join(harmless)}): they do not compute tensors, so the "
                "engine is unaffected. Verify outputs once and ignore these warnings.")
    else:
        text = (f"{len(real)} call(s) on the model's path have no torch2trt converter: {', '.join(real)}. Their results are "
                "missing from the TensorRT network or frozen as trace-time constants; compare model_trt outputs with PyTorch.")
        if harmless:
            text += f" Harmless helper(s) also reported: {', '.join(harmless)}."
        for m in real:
            if m in _HINT:
                fix.append(f"{m}: {_HINT[m]}")
        fix.append("Or add @tensorrt_converter('<method>') converters, or export via torch.onnx.export + trtexec.")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"methods": ", ".join(real or uniq), "harmless": ", ".join(harmless) or "none"})
