"""Computed diagnosis for gpu.fp8-unsupported: the GPU's compute capability against what the FP8
kernel needs (8.9 Ada or 9.0 Hopper), and what to use instead on that GPU."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ARCH = {(7, 0): "Volta", (7, 5): "Turing", (8, 0): "Ampere", (8, 6): "Ampere", (8, 7): "Ampere (Orin)", (8, 9): "Ada", (9, 0): "Hopper"}


def _cc(value: Any) -> tuple[int, int] | None:
    """'8.6' -> (8, 6); 86 -> (8, 6); '9.x' -> (9, 0)."""
    if value is None:
        return None
    s = str(value).strip()
    m = re.match(r"(\d+)\.(\d+|x)", s)
    if m:
        return int(m.group(1)), 0 if m.group(2) == "x" else int(m.group(2))
    if re.fullmatch(r"\d{2,3}", s):
        return int(s[:-1]), int(s[-1])
    return None


def _fmt(cc: tuple[int, int]) -> str:
    return f"{cc[0]}.{cc[1]}"


def _arch(cc: tuple[int, int]) -> str:
    if cc >= (10, 0):
        return "Blackwell"
    return _ARCH.get(cc, "Ampere" if cc[0] == 8 else ("pre-Volta" if cc[0] < 7 else f"sm_{cc[0]}{cc[1]}"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    have = _cc(facts.get("compute_capability")) or _cc(facts.get("capability"))
    need_raw = facts.get("need_cc")
    need = _cc(facts.get("min_capability")) or _cc(need_raw)
    if need_raw and "8.9" in str(need_raw):
        need = (8, 9)
    te_reason = facts.get("te_reason")
    method = facts.get("quant_method")

    if te_reason:
        parts.append(
            f"The GPU is Ada (compute capability 8.9), which has FP8 tensor cores, but Transformer Engine needs {te_reason} "
            "to use them there."
        )
        derived["what"] = f"Ada GPU but {te_reason} is needed for FP8"
        fix.append("Use CUDA 12.1+ with cuBLASLt 12.1.3+ (e.g. a recent NGC PyTorch container, or torch cu121+ wheels with nvidia-cublas-cu12 >= 12.1.3).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("marlin"):
        parts.append(
            "vLLM found no FP8 tensor cores (compute capability below 8.9) and runs the FP8 checkpoint weight-only through "
            "the Marlin kernel: weights stay FP8 in memory, the GEMMs run in fp16/bf16. The model works, slower for "
            "compute-heavy batches; this warning is not the failure."
        )
        derived["what"] = "vLLM runs FP8 weight-only (Marlin) on a GPU without FP8 compute"
        return Explanation(text=" ".join(parts), fix=(), derived=derived)
    if facts.get("fp8_dtype"):
        parts.append(
            f"Triton's {facts['fp8_dtype']} (FP8 E4M3) type needs a GPU of compute capability 8.9 or newer; below that Triton "
            "only emulates fp8e4b15 and fp8e5, so the FP8 kernel cannot be compiled for this GPU."
        )
        derived["what"] = f"Triton {facts['fp8_dtype']} needs sm_89+"
    if have:
        derived["gpu_architecture"] = _arch(have)
        derived["compute_capability"] = _fmt(have)
    if need:
        derived["required_compute_capability"] = _fmt(need)
    if have and need:
        who = f"This GPU is compute capability {_fmt(have)} ({_arch(have)})"
        parts.append(f"{who}; the FP8 kernel{f' for {method}' if method else ''} needs {_fmt(need)}{' (Hopper)' if need >= (9, 0) else ' (Ada) or newer'}.")
        derived["what"] = f"compute capability {_fmt(have)} < {_fmt(need)} required" + (f" by {method}" if method else "")
        if have >= (8, 9):
            parts.append("The GPU does have FP8 tensor cores: only this kernel is Hopper-only, so another FP8 path (or a newer library) can work.")
            fix.append("Use an FP8 path that supports compute capability 8.9 (newer torch / vLLM / transformers releases), or run on H100/H200.")
        elif have >= (8, 0):
            parts.append("Ampere has bf16 tensor cores but no FP8 ones.")
            fix.append("On Ampere: serve the BF16 checkpoint, or keep FP8 weights weight-only (vLLM Marlin), or use AWQ/GPTQ int4 / int8 W8A8 to save memory.")
        else:
            fix.append("On this GPU use fp16 (no bf16 below 8.0) with int4/int8 quantization for memory savings.")
    elif need and not parts:
        parts.append(f"The FP8 kernel needs compute capability {_fmt(need)} or newer and this GPU is below it.")
        derived["what"] = f"GPU below compute capability {_fmt(need)}"
    elif not parts:
        if facts:
            parts.append("FP8 compute needs compute capability 8.9 (Ada) or 9.0 (Hopper); this GPU is older.")
            derived["what"] = "GPU below compute capability 8.9"
        else:
            return None
    derived.setdefault("what", "FP8 compute needs compute capability 8.9+")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
