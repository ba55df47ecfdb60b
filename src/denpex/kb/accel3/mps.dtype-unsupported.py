"""Computed diagnosis for mps.dtype-unsupported: what to cast the named dtype to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dtype = str(facts.get("dtype") or "")
    if not dtype:
        return None
    if dtype == "BFloat16":
        return Explanation(
            text="A bfloat16 tensor reached MPS on a system without bf16 support (needs Apple Silicon, macOS 14+ and PyTorch 2.3+).",
            fix=("Load/cast the model to float16 before .to('mps'): from_pretrained(..., torch_dtype=torch.float16) or model.half().",
                 "Or upgrade to macOS 14+ and PyTorch 2.3+ on Apple Silicon (Intel Macs never support bf16 on MPS)."),
            derived={"cast_to": "float16"},
        )
    if dtype.startswith("Float8"):
        return Explanation(
            text=f"{dtype} (FP8) weights were moved to MPS; Metal has no FP8 type in PyTorch.",
            fix=("Use the fp16/bf16 or GGUF version of the checkpoint, or convert on the CPU first: t.to(torch.float16).to('mps').",
                 "ComfyUI: choose a non-fp8 weight dtype / model file on Macs."),
            derived={"cast_to": "float16"},
        )
    if dtype.startswith("Complex"):
        return Explanation(
            text=f"A {dtype} tensor was moved to MPS; only complex64 is supported (macOS 14+).",
            fix=("Cast to torch.complex64 before .to('mps') (numpy: arr.astype(np.complex64)).",),
            derived={"cast_to": "complex64"},
        )
    if dtype.startswith("UInt"):
        return Explanation(
            text=f"{dtype} tensors are not supported on MPS in this PyTorch release.",
            fix=("Cast to torch.int32 / torch.int64 before moving to 'mps', or upgrade PyTorch.",),
            derived={"cast_to": "int32"},
        )
    return Explanation(
        text=f"MPS has no mapping for {dtype}.",
        fix=(f"Cast the {dtype} tensor to float32/float16 (or int32) before moving it to 'mps'.",),
        derived={},
    )
