"""Computed diagnosis for gpu.flash-attention-unsupported: which FlashAttention limit was hit
(architecture, head dim, dtype, installation) and the attention implementation to use instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Same wording as the entry's fix list so the engine lists it first without repeating it.
FIX_SDPA = (
    'transformers: load with attn_implementation="sdpa" (PyTorch fused attention, runs on every GPU) or "eager"; '
    "in recipes set flash_attn: false / --flash_attn disabled / use_flash_attention_2=False."
)
FIX_DTYPE = "dtype error: load the model in half precision (torch_dtype=torch.bfloat16 or torch.float16) or enable fp16/bf16 mixed precision."
FIX_WIDE = "Wide heads in backward: use sdpa for training on non-A100/H100 GPUs, or train on A100/H100."
FIX_TORCH_SDPA = "PyTorch SDPA forced to flash: drop the sdpa_kernel(SDPBackend.FLASH_ATTENTION) restriction (allow EFFICIENT_ATTENTION and MATH)."


def _sm_list(check: str) -> list[str]:
    return re.findall(r"is_sm(\d+[a-z]*)", check)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    rule = facts.get("head_dim_rule")
    reason = str(facts.get("hf_reason") or "")
    cc = facts.get("compute_capability")
    check = facts.get("sm_check")
    vreason = facts.get("vllm_reason")

    limit = str(facts.get("limit") or "")

    if "Ampere" in limit:
        parts.append(
            "flash-attn's kernels run only on compute capability 8.x and 9.0 (Ampere, Ada, Hopper). The GPU is older "
            "(T4, V100, P100, RTX 20xx, GTX 16xx: use another attention implementation) or newer than this flash-attn "
            "build knows (RTX 50xx / B200 with an older release: upgrade flash-attn or use sdpa)."
        )
        derived["what"] = "GPU outside flash-attn's supported architectures (needs compute capability 8.x/9.0)"
        fix.append(FIX_SDPA)
    elif "fp16 and bf16" in limit:
        parts.append(
            "FlashAttention received float32 tensors: the model was loaded without torch_dtype (float32 default) or a "
            "norm/embedding layer upcast the activations before attention."
        )
        derived["what"] = "attention inputs are float32 (kernel takes fp16/bf16 only)"
        fix.append(FIX_DTYPE)
    elif rule:
        gpus = facts.get("required_gpus") or "A100/A800 or H100/H800"
        parts.append(
            f"The FlashAttention backward kernel for head dim {rule} runs only on {gpus}: it needs more shared memory per "
            "block than consumer/workstation Ampere and Ada GPUs (RTX 3090/4090, A6000, A10, L4, L40S) have. "
            "The forward pass works, so inference succeeds and training fails at the first backward."
        )
        derived["what"] = f"backward for head dim {rule} needs {gpus}"
        if rule.startswith("> 64"):
            parts.append("This is the flash-attn 1.x limit; flash-attn 2.x raised it to head dim 192 (256 without dropout since 2.5.5).")
            fix.append("Upgrade to flash-attn >= 2.5.5 (head dim up to 256 backward on any Ampere/Ada GPU when dropout is off).")
        fix.append(FIX_WIDE)
    elif reason:
        low = reason.lower()
        if "not installed" in low:
            parts.append("transformers was told to use flash_attention_2, but the flash_attn package is not importable in this environment.")
            derived["what"] = "flash_attention_2 requested, flash_attn not installed"
            fix.append(FIX_SDPA)
            fix.append("Or install it where the GPU supports it (compute capability 8.0+): pip install flash-attn --no-build-isolation, or a prebuilt wheel matching torch/CUDA/Python.")
        elif "version" in low:
            m = re.search(r"[Dd]etected version ([0-9][\w.+-]*[0-9])", reason)
            have = m.group(1) if m else None
            parts.append("transformers needs a newer flash_attn than the one installed" + (f" ({have})." if have else "."))
            derived["what"] = f"flash_attn {have or 'installed'} is too old for transformers"
            fix.append("pip install -U flash-attn --no-build-isolation (a release built for your torch/CUDA), or use attn_implementation=\"sdpa\".")
        elif "cpu" in low or "not available" in low:
            parts.append(
                "transformers was told to use flash_attention_2 but torch sees no CUDA device (CPU-only run, empty "
                "CUDA_VISIBLE_DEVICES, or a CPU torch build); FlashAttention has no CPU kernels."
            )
            derived["what"] = "flash_attention_2 requested without a CUDA device"
            fix.append("On CPU use attn_implementation=\"sdpa\" or \"eager\"; if a GPU was expected, check torch.cuda.is_available() (see cuda.no-device).")
        else:
            parts.append(f"transformers could not enable flash_attention_2: {reason}")
            derived["what"] = "flash_attention_2 could not be enabled"
            fix.append(FIX_SDPA)
    elif cc:
        lo, hi = facts.get("min_sm"), facts.get("max_sm")
        parts.append(
            f"PyTorch's flash SDPA kernel covers sm{lo}-sm{hi}; this GPU is compute capability {cc}. The flash backend was "
            "forced (sdpa_kernel / enable_flash_sdp), so SDPA had no kernel left and aborted."
        )
        derived["what"] = f"SDPA flash backend forced on compute capability {cc} (needs sm{lo}-sm{hi})"
        fix.append(FIX_TORCH_SDPA)
    elif check:
        sms = _sm_list(str(check))
        parts.append(
            f"flash-attn's architecture check ({check}) failed: this build runs only on sm_{', sm_'.join(sms)}. "
            "On a V100/P100 no FlashAttention version has kernels; is_sm80 alone is the old head dim 128 backward limit."
        )
        derived["what"] = f"flash-attn check {check} failed"
        fix.append(FIX_SDPA)
    elif vreason:
        which = f"FlashAttention version {facts['fa_version']} ({vreason})" if facts.get("fa_version") else "FlashAttention-2 on this Volta/Turing GPU"
        parts.append(f"vLLM could not use {which} and selects another attention backend; this line alone is not a failure.")
        derived["what"] = "vLLM fell back from FlashAttention (benign)"
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
