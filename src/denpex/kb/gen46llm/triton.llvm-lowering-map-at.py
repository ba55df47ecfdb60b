"""Computed diagnosis for triton.llvm-lowering-map-at: which GPU generation and which compile stage."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (regex on the GPU name, compute capability, architecture)
_GPUS = (
    (r"RTX 20[5-8]0|2080 ?[Tt][Ii]|TITAN RTX|Quadro RTX|Tesla T4|GTX 16[56]0", "7.5", "Turing"),
    (r"V100", "7.0", "Volta"),
    (r"P100", "6.0", "Pascal"),
    (r"P40|GTX 10[5-8]0", "6.1", "Pascal"),
)

_STAGES = {
    "make_llir": "the TritonGPU -> LLVM IR lowering (make_llir)",
    "translate_triton_gpu_to_llvmir": "the TritonGPU -> LLVM IR lowering (translate_triton_gpu_to_llvmir, Triton 2.1-2.3)",
    "add_passes_to_emit_bin": "the code generator of Triton 1.x (add_passes_to_emit_bin)",
    "make_ttgir": "the TritonGPU layout stage (make_ttgir)",
    "make_ttir": "the Triton IR stage (make_ttir)",
    "make_ptx": "PTX generation (make_ptx)",
}


def _arch(gpu: str) -> tuple[str, str]:
    for rx, cc, arch in _GPUS:
        if re.search(rx, gpu):
            return cc, arch
    return "", ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gpu = str(facts.get("gpu") or "").strip()
    stage = str(facts.get("stage") or "").strip()
    windows = facts.get("_signature") == "msvc-invalid-map-key"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    where = _STAGES.get(stage, "")
    if where:
        parts.append(f"The crash is in {where}: a per-architecture lookup in Triton's compiler had no entry for this kernel.")
    else:
        parts.append("A per-architecture lookup in Triton's compiler (std::map::at) had no entry for this kernel.")
    cc, arch = _arch(gpu) if gpu else ("", "")
    if cc:
        derived["compute_capability"] = cc
        derived["diagnosis"] = f"{gpu} is {arch} (sm_{cc.replace('.', '')}), before Ampere"
        derived["gpu_suffix"] = f" on {gpu} (sm_{cc.replace('.', '')})"
        parts.append(f"The log names a {gpu}: {arch}, compute capability {cc}, which has no TF32 tensor-core instructions; "
                     "a tl.dot on float32 inputs (TF32 by default) cannot be lowered there.")
        fix.append("export TRITON_F32_DEFAULT=ieee  # fp32 dots in IEEE precision, then rerun")
        fix.append("Or run on an sm_80+ GPU (A100, A10, L4, RTX 30xx/40xx, H100), or use the library's non-Triton path.")
    else:
        derived["diagnosis"] = "Triton lowering lookup failed (check the GPU generation)"
        derived["gpu_suffix"] = " (GPU not named in the log)"
        parts.append("Check the GPU: on compute capability < 8.0 (T4, RTX 20xx, Titan RTX, V100) this is the usual crash for fp32 dots.")
        fix.append("python -c \"import torch; print(torch.cuda.get_device_name(), torch.cuda.get_device_capability())\"")
        fix.append("If the capability is below (8, 0): export TRITON_F32_DEFAULT=ieee, or use an Ampere+ GPU.")
    if windows:
        parts.append("'invalid map<K, T> key' is the MSVC wording of the same exception: on Windows also make sure the triton-windows build matches torch.")
    fix.append("Otherwise try the triton release that matches torch (pip install -U torch) and clear ~/.triton/cache.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
