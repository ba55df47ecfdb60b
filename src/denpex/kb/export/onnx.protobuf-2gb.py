"""Computed diagnosis for onnx.protobuf-2gb: how far over the limit and the save call to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIMIT = 2**31


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    size = facts.get("size_bytes")
    save = ("onnx.save_model(model, 'model.onnx', save_as_external_data=True, all_tensors_to_one_file=True, "
            "location='model.onnx.data')")
    if isinstance(size, int) and size > 0:
        gib = size / 2**30
        over = (size - _LIMIT) / 2**30
        text = (f"The model serialized to {gib:.2f} GiB, {over:.2f} GiB over protobuf's 2 GiB message limit "
                f"(about {size / 4 / 1e9:.2f}B float32 or {size / 2 / 1e9:.2f}B fp16 parameters inline).")
        derived: dict[str, Any] = {"size_gib": f"{gib:.2f}", "over_gib": round(over, 2)}
    else:
        text = "The model is larger than protobuf's 2 GiB message limit and was being serialized as one message."
        derived = {"size_gib": "> 2"}
    if sig == "torch-export-2gib":
        fix = ("Pass a file path to torch.onnx.export (not io.BytesIO); the exporter writes external data next to it.",)
    elif sig == "checker-too-large":
        fix = ("Check by path: onnx.checker.check_model('model.onnx'); shape inference: onnx.shape_inference.infer_shapes_path(in, out).",)
    else:
        fix = (f"Save with external data: {save}.",
               "Tools that re-save (ORT transformers optimizer, onnxsim): use their external-data options "
               "(use_external_data_format=True) or onnxsim_large_model / polygraphy.")
    fix = fix + ("Keep model.onnx and its .data file together in the same directory when copying/deploying.",)
    return Explanation(text=text, fix=fix, derived=derived)
