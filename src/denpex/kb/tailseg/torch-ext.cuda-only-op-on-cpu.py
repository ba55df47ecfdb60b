"""Computed diagnosis for torch-ext.cuda-only-op-on-cpu: the CPU replacement for the op that failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if not facts.get("_signature"):
        return None
    op = str(facts.get("op") or "")
    pkg = str(facts.get("package") or "").replace("\\", "/")
    low = (op + " " + pkg).lower()
    if "ms_deform" in low or "msdeform" in low or pkg in ("models/ops", "mask2former", "oneformer", "maskdino"):
        diagnosis = "multi-scale deformable attention on CPU"
        cpu_fix = ("For CPU: in MSDeformAttn.forward call ms_deform_attn_core_pytorch(value, input_spatial_shapes, "
                   "sampling_locations, attention_weights) when not value.is_cuda.")
    elif "dcn" in low:
        diagnosis = "DCNv2 deformable convolution on CPU"
        cpu_fix = "For CPU: replace DCN with torchvision.ops.DeformConv2d (mask argument gives DCNv2), which has a CPU kernel."
    elif "roialign" in low or "maskrcnn_benchmark" in low:
        diagnosis = "maskrcnn-benchmark-style op on CPU"
        cpu_fix = "For CPU: use torchvision.ops.roi_align / nms instead of the csrc op."
    else:
        diagnosis = "CUDA-only custom op on CPU"
        cpu_fix = "For CPU: replace the op with a pure-PyTorch or torchvision equivalent."
    where = f" ({op})" if op else ""
    text = (f"The custom op{where} has only a CUDA kernel and was called with CPU tensors: the model or one of its inputs "
            "is on the CPU.")
    fix = ("Run on GPU: model.to('cuda') and move every input to cuda (detectron2/AdelaiDet: MODEL.DEVICE cuda); check torch.cuda.is_available().",
           cpu_fix)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
