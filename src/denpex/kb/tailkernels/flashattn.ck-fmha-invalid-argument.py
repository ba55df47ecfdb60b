"""Computed diagnosis for flashattn.ck-fmha-invalid-argument: which kernel family had no instance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    if not op:
        return None
    if op.startswith("fmha_v3"):
        text = (f"{op} is an AITER assembly (v3) kernel: these exist only for MI300/MI350-class GPUs (gfx942/gfx950) and "
                "specific head sizes/dtypes; other GPUs or shapes must use the CK or Triton path.")
        diagnosis = "AITER v3 kernel unavailable for this GPU/shape"
    elif "splitkv" in op or "appendkv" in op or op == "batch_prefill":
        text = (f"{op} is the KV-cache / paged decode kernel family; its CK instances cover fewer head sizes, "
                "page sizes and GQA ratios than the plain forward.")
        diagnosis = "no CK KV-cache kernel for this layout"
    elif op.startswith("fmha_bwd"):
        text = "The backward CK kernel has no instance for this GPU/dtype/head dim (training path); inference-only forward may still work."
        diagnosis = "no CK backward kernel"
    else:
        text = ("No CK forward kernel matches: on Radeon (RDNA, gfx10/11/12) the default CK build has none; on Instinct "
                "check dtype (fp16/bf16) and head dim (<= 256).")
        diagnosis = "no CK forward kernel for this GPU/dtype/head dim"
    return Explanation(
        text=text,
        fix=("FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE  # flash-attn Triton backend on RDNA (build and run with it)",
             "attn_implementation='sdpa'  # fallback in transformers"),
        derived={"diagnosis": diagnosis})
