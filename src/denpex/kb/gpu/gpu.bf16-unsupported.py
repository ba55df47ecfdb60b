"""Computed diagnosis for gpu.bf16-unsupported: the GPU's compute capability against bf16's 8.0,
and the float16 switch for the stack that refused bf16."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

NEEDED = (8, 0)

# Common GPUs below compute capability 8.0, by a substring of the name CUDA reports.
_KNOWN_CC = (
    ("t4", "7.5"), ("rtx 20", "7.5"), ("rtx 2080", "7.5"), ("rtx 2070", "7.5"), ("rtx 2060", "7.5"),
    ("gtx 16", "7.5"), ("quadro rtx", "7.5"), ("titan rtx", "7.5"),
    ("v100", "7.0"), ("titan v", "7.0"), ("p100", "6.0"), ("p40", "6.1"), ("p4", "6.1"),
    ("gtx 10", "6.1"), ("titan xp", "6.1"), ("k80", "3.7"), ("k40", "3.5"), ("m60", "5.2"), ("m40", "5.2"),
)


def _clean_gpu(name: str | None) -> str | None:
    if not name:
        return None
    m = re.fullmatch(r"b'(.*)'", name.strip())  # NVML bytes repr in some vLLM versions
    return (m.group(1) if m else name).strip() or None


def _cc_of(gpu: str | None) -> str | None:
    if not gpu:
        return None
    low = gpu.lower()
    for key, cc in _KNOWN_CC:
        if re.search(r"(?<![a-z0-9])" + re.escape(key) + r"(?![0-9])", low):
            return cc
    return None


def _parse_cc(cc: str | None) -> tuple[int, int] | None:
    if not cc:
        return None
    m = re.match(r"(\d+)\.(\d+)", str(cc))
    return (int(m.group(1)), int(m.group(2))) if m else None


# The same wording as the entry's fix list, so the engine puts the one for this stack first
# and does not repeat it.
FIX_VLLM = 'vLLM: --dtype half (or LLM(model=..., dtype="half")); --dtype float32 if the model overflows fp16 and memory allows.'
FIX_HF = (
    'transformers / TRL: TrainingArguments(bf16=False, fp16=True) (--bf16 False --fp16 True), '
    'and switch any DeepSpeed config from "bf16" to "fp16": {"enabled": "auto"}.'
)
FIX_ACCELERATE = "Accelerate: accelerate launch --mixed_precision fp16 (or mixed_precision: fp16 in the accelerate config)."
FIX_AUTOCAST = (
    "Plain PyTorch: torch.autocast('cuda', dtype=torch.float16) with torch.cuda.amp.GradScaler() for training; "
    "pick the dtype with torch.cuda.is_bf16_supported()."
)

_FP16_RANGE = (
    "fp16 overflows above 65504 where bf16 reaches ~3.4e38: keep dynamic loss scaling when training, "
    "and if a bf16-pretrained model gives inf/NaN or garbage in fp16, fall back to float32."
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gpu = _clean_gpu(facts.get("gpu"))
    cc = facts.get("compute_capability")
    derived: dict[str, Any] = {}
    if gpu and gpu != facts.get("gpu"):
        derived["gpu_name"] = gpu
    if not cc and gpu:
        cc = _cc_of(gpu)
        if cc:
            derived["compute_capability"] = cc
    parsed = _parse_cc(cc)
    stack = str(facts.get("stack") or "")
    target = facts.get("hf_target")
    need = facts.get("hf_need")
    feature = facts.get("ptx_feature")
    blas = facts.get("blas_op")
    parts: list[str] = []
    fix: list[str] = []

    if gpu or parsed:
        who = f"{gpu} (compute capability {cc})" if gpu and cc else (gpu or f"a GPU of compute capability {cc}")
        if parsed and parsed < NEEDED:
            gap = f"{NEEDED[0]}.{NEEDED[1]}"
            parts.append(f"{who} has no native bfloat16: bf16 needs compute capability {gap} (Ampere) or newer.")
            derived["what"] = f"{gpu or 'this GPU'} is compute capability {cc}, bf16 needs 8.0"
        else:
            parts.append(f"vLLM refused bfloat16 on {who}.")
            derived["what"] = f"{gpu or 'this GPU'} reports no usable compute capability for bf16"
        fix.append(FIX_VLLM)
    elif target:
        if target == "gpu" and not need:
            parts.append(
                "transformers refused bf16=True and printed no 'You need Ampere+ GPU' hint: recent releases add that hint only "
                "when torch.cuda.is_available() is True, so torch most likely sees no CUDA GPU at all "
                "(CPU-only torch wheel, CUDA_VISIBLE_DEVICES empty, driver/runtime mismatch)."
            )
            derived["what"] = "transformers bf16=True, and torch probably sees no CUDA GPU"
            fix.append("Check python -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())': a '+cpu' build or False means install a CUDA wheel or expose the GPU (see cuda.no-device).")
            fix.append("On a machine without a usable GPU, train with bf16=False (and use_cpu=True if intended).")
        elif target == "gpu":
            parts.append(f"transformers TrainingArguments has bf16=True but the GPU has no native bf16 (the check asks for: {need}).")
            derived["what"] = "TrainingArguments bf16=True on a GPU below Ampere"
            fix.append(FIX_HF)
        else:
            parts.append(f"transformers was asked for bf16 on {target}, and the installed torch cannot provide it" + (f" (it asks for {need})." if need else "."))
            derived["what"] = f"TrainingArguments bf16=True on {target}"
            fix.append("Upgrade torch (>= 1.10) for CPU bf16, or set bf16=False.")
    elif stack.startswith("bf16 mixed"):
        parts.append("Accelerate was asked for bf16 mixed precision, but torch reports no bf16 support on this device (a pre-Ampere GPU, or torch without CUDA).")
        derived["what"] = "accelerate mixed_precision=bf16 on a device without bf16"
        fix.append(FIX_ACCELERATE)
    elif stack.startswith("Current CUDA"):
        parts.append("torch.autocast was entered with dtype=torch.bfloat16, and torch.cuda.is_bf16_supported() is False for this GPU and build.")
        derived["what"] = "torch.autocast(dtype=torch.bfloat16) on a GPU without bf16"
        fix.append(FIX_AUTOCAST)
    elif feature:
        sm = facts.get("required_sm") or "80"
        parts.append(f"ptxas rejected the PTX instruction '{feature}', which needs sm_{sm} or newer: a Triton kernel (torch.compile / inductor or a library's Triton kernels) was compiled with bf16 tensors for an older GPU.")
        derived["what"] = f"Triton kernel uses '{feature}', needs sm_{sm}+"
        fix.append("Run the model in float16 (or float32) on this GPU, or disable torch.compile for it; torch >= 2.4 makes inductor skip bf16 graphs on pre-sm_80 GPUs instead of failing.")
    elif blas:
        parts.append(f"at::cuda::blas::{blas} has no bfloat16 version in this PyTorch build: it was compiled with CUDA 10.x (cu102), whose cuBLAS lacks bf16 GEMMs.")
        derived["what"] = f"torch build without bf16 cuBLAS {blas} (CUDA 10.x build)"
        fix.append("Install a PyTorch build made with CUDA 11 or newer (e.g. --index-url https://download.pytorch.org/whl/cu118), or use float16.")
    else:
        return None
    if not (target == "gpu" and not need):
        parts.append(_FP16_RANGE)
    derived.setdefault("what", "bf16 requested where it is not available")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
