"""Computed diagnosis for transformer-engine.no-attention-backend: name the blocking attributes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sm = str(facts.get("sm") or "")
    layout = str(facts.get("qkv_layout") or "")
    hqk, hv = as_int(facts.get("head_dim_qk")), as_int(facts.get("head_dim_v"))
    flash = str(facts.get("flash_reason") or "").strip()
    fused = str(facts.get("fused_reason") or "").strip()
    unfused = str(facts.get("unfused_reason") or "").strip()
    fa_found = str(facts.get("fa_found") or "")
    reasons: list[str] = []
    fix: list[str] = []
    mla = hqk is not None and hv is not None and hqk != hv
    thd = layout.startswith("thd") or "thd" in unfused
    if mla:
        reasons.append(f"MLA attention (head_dim_qk {hqk} != head_dim_v {hv}): FlashAttention 2 cannot run it")
    if thd:
        reasons.append("packed 'thd' sequences: the unfused PyTorch path does not accept them")
    if fa_found:
        reasons.append(f"flash-attn {fa_found} is outside TE's supported range, so TE disabled FlashAttention")
        fix.append(f"Install a flash-attn version inside the range TE printed (flash-attn {fa_found} is rejected), or upgrade Transformer Engine.")
    if hqk is not None and hqk > 256:
        reasons.append(f"head dim {hqk} is above 256, beyond the flash/cuDNN kernels")
    if sm:
        gpu = {"80": "A100/A800 (sm80)", "86": "RTX 30xx/A40 (sm86)", "89": "Ada (sm89)", "90": "Hopper (sm90)",
               "100": "Blackwell B200 (sm100)", "120": "Blackwell RTX (sm120)"}.get(sm, f"sm{sm}")
        if mla and thd and sm in ("80", "86", "89"):
            fix.append(f"On {gpu} cuDNN has no MLA kernel for packed thd input: disable packing (bshd / no remove-padding) so the unfused path runs, or train on Hopper.")
        elif mla and thd and sm in ("100", "120"):
            fix.append(f"On {gpu} use a newer cuDNN / Transformer Engine (NGC container) with Blackwell MLA kernels, or disable packing.")
    if flash:
        reasons.append(f"FlashAttention disabled: {flash.rstrip('.')}")
    if fused:
        reasons.append(f"FusedAttention disabled: {fused.rstrip('.')}")
    if unfused and not thd:
        reasons.append(f"UnfusedDotProductAttention disabled: {unfused.rstrip('.')}")
    for r in (flash, fused, unfused):
        if "NVTE_" in r and "=0" in r:
            fix.append("A backend is switched off by an NVTE_*_ATTN=0 variable: unset it.")
            break
    if not reasons:
        text = ("Transformer Engine ruled out FlashAttention, FusedAttention and UnfusedDotProductAttention for these inputs; "
                "the log does not show why.")
        return Explanation(text=text, fix=("Rerun one step with NVTE_DEBUG=1 NVTE_DEBUG_LEVEL=2 and read the 'Disabling ...' lines.",),
                           derived={"why": "reasons not logged: rerun with NVTE_DEBUG=1 NVTE_DEBUG_LEVEL=2", "diagnosis": "reasons not logged"})
    if not fix:
        fix.append("Remove one blocking condition listed above (version, layout, head dims, NVTE switch) so one backend becomes eligible.")
    text = "No attention backend was eligible: " + "; ".join(reasons) + "."
    diagnosis = "MLA + packed thd" if (mla and thd) else ("flash-attn version rejected" if fa_found else reasons[0])
    return Explanation(text=text, fix=tuple(fix), derived={"why": reasons[0], "diagnosis": diagnosis})
