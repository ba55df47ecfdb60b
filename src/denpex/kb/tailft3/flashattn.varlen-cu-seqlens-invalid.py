"""Computed diagnosis for flashattn.varlen-cu-seqlens-invalid: which rule of the varlen metadata the
tensor broke and the corresponding repair."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILD = "cu = torch.nn.functional.pad(seqlens.cumsum(0, dtype=torch.int32), (1, 0)).to(q.device)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tensor = str(facts.get("tensor") or "")
    if not tensor:
        return None
    sig = str(facts.get("_signature") or "")
    shape = str(facts.get("expected_shape") or "")
    requirement = str(facts.get("requirement") or "")
    if sig == "dtype-int32" or facts.get("dtype"):
        diagnosis = f"{tensor} is not int32"
        text = (f"{tensor} reached flash-attn with a dtype other than int32: cumulative lengths made with torch.cumsum are int64 "
                "unless a dtype is given (Qwen2-VL vision code of some transformers commits, custom packing code).")
        fix = (f"Cast where the tensor is built: {tensor} = {tensor}.to(torch.int32), or {_BUILD}.",
               "If it comes from the model code, use a transformers / model-code release that builds int32 boundaries.")
    elif requirement == "on CUDA":
        diagnosis = f"{tensor} is on the CPU"
        text = f"{tensor} lives on the CPU while q/k/v are on the GPU; the kernel reads it on the device."
        fix = (f"Move it: {tensor} = {tensor}.to(q.device) (create it on the device in the collator or model).",)
    elif requirement == "contiguous":
        diagnosis = f"{tensor} is a non-contiguous view"
        text = f"{tensor} is a strided view (a slice or transpose); the kernel needs a packed 1-D buffer."
        fix = (f"Pass {tensor}.contiguous().",)
    elif shape:
        if tensor == "cu_seqlens_q" and "+ 1" in shape:
            diagnosis = "cu_seqlens_q is not a flat 1-D vector"
            text = ("flash-attn derives batch_size from cu_seqlens_q.numel() - 1, so this check fails only when cu_seqlens_q is not 1-D: "
                    "a batched [B, n+1] tensor or one built from a 3-D/4-D attention mask reached the varlen path.")
            fix = ("Give FA2 models a 2-D padding mask [batch, seq] (or None for padding-free packing); run custom 4-D masks with attn_implementation='sdpa'.",
                   f"In custom code build one flat vector: {_BUILD}.",
                   "If it started after an upgrade, pin the transformers release the model code was written for.")
        elif tensor in ("cu_seqlens_k", "cu_seqlens") and "+ 1" in shape:
            diagnosis = "q and k boundaries list different numbers of sequences"
            text = (f"{tensor} does not have the same number of entries as cu_seqlens_q: keys/values were packed for a different set of "
                    "sequences than the queries (or it is not 1-D).")
            fix = ("Build cu_seqlens_q and cu_seqlens_k from the same sequence list (both length n+1, 1-D, int32).",)
        else:
            diagnosis = f"{tensor} has the wrong shape"
            text = f"{tensor} does not have the shape ({shape}) the kernel derives from the other inputs."
            fix = (f"Check how {tensor} is built against q/k/v's batch (expected shape ({shape})).",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
