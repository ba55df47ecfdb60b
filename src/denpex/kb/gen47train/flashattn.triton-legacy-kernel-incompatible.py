"""Computed diagnosis for flashattn.triton-legacy-kernel-incompatible: which wording, which kernel, which call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KERNELS = {
    "_fwd_kernel": "the forward kernel (first forward pass)",
    "_bwd_kernel": "the backward kernel (first loss.backward())",
    "_bwd_preprocess_do_o_dot": "the backward pre-processing kernel (first loss.backward())",
}
_HALF = {"torch.float16", "torch.bfloat16"}
_AVOID = ("Disable the Triton path: MPT / llm-foundry / Replit: config.attn_config['attn_impl'] = 'torch' (or 'flash' with flash-attn 2); "
          "DNABERT-2 / MosaicBERT: pip uninstall triton so the remote code uses PyTorch attention.")
_PIN = ("Or keep the kernel in an environment built for it (PyTorch 1.13 / NGC 23.0x): "
        "pip install triton==2.0.0.dev20221202 --no-deps (llm-foundry: triton-pre-mlir).")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "jit-cache-keyerror":
        kernel = str(facts.get("kernel") or "")
        where = _KERNELS.get(kernel, f"the Triton kernel {kernel}" if kernel else "a Triton JIT kernel")
        parts = [f"Triton's pre-MLIR JIT missed its cache for {where} and then failed to compile it"]
        dtype = str(facts.get("dtype") or "")
        bias = str(facts.get("bias_type") or "")
        causal = str(facts.get("causal") or "")
        head_block = facts.get("head_block")
        spec = []
        if dtype:
            spec.append(f"inputs {dtype.replace('torch.', '')}")
        if bias:
            spec.append(f"bias {bias}")
        if causal:
            spec.append("causal" if causal == "True" else "non-causal")
        if head_block:
            spec.append(f"head-dim block {head_block}")
        if spec:
            parts.append(f" (specialisation: {', '.join(spec)})")
        text = "".join(parts) + (
            ". The KeyError is only the cache miss; the exception printed after it is the real incompatibility "
            "between this old FlashAttention kernel and the installed Triton.")
        if dtype and dtype not in _HALF:
            text += f" Note: the kernel got {dtype}; it only supports float16/bfloat16 inputs."
            fix.append("Run attention in fp16/bf16 (autocast or model.half()/bfloat16) - the Triton kernel has no fp32 path.")
        derived["diagnosis"] = "kernel-compile-failed"
        derived["detail"] = f" ({kernel})" if kernel else ""
    elif sig == "dot-trans-b":
        kw = str(facts.get("kwarg") or "trans_b")
        text = (f"tl.dot(..., {kw}=True) is pre-MLIR Triton syntax: Triton 2.0.0 final and later (installed by PyTorch 2.x) removed "
                f"the {kw} argument, so the legacy flash_attn_triton kernel cannot compile.")
        derived["diagnosis"] = "triton-too-new"
        derived["detail"] = f" (tl.dot {kw} removed)"
    elif sig == "mpt-please-install":
        fa = str(facts.get("flash_attn_version") or "")
        tr = str(facts.get("triton_version") or "")
        text = (f"The model's remote code selected attn_impl 'triton' and could not import flash_attn_triton; it wants "
                f"flash-attn=={fa or '?'} with triton=={tr or '?'} - a pre-MLIR Triton nightly that PyTorch 2 wheels replace.")
        derived["diagnosis"] = "triton-path-requirements-missing"
        derived["detail"] = f" (needs flash-attn=={fa}, triton=={tr})" if fa and tr else ""
    elif sig == "foundry-requirements":
        text = ("llm-foundry was configured with attn_impl: triton but its pre-MLIR Triton requirements are not installed; "
                "recent llm-foundry releases dropped this option in favour of attn_impl: flash.")
        derived["diagnosis"] = "triton-path-requirements-missing"
        derived["detail"] = " (attn_impl: triton)"
    else:
        return None
    fix.append(_AVOID)
    fix.append(_PIN)
    return Explanation(text=text, fix=tuple(fix), derived=derived)
