"""Computed diagnosis for ctranslate2.compute-type-unsupported: which compute type to use on this device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HALF = {"float16", "int8_float16", "bfloat16", "int8_bfloat16"}
_KNOWN = ("default", "auto", "int8", "int8_float32", "int8_float16", "int8_bfloat16", "int16", "float16", "bfloat16", "float32")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ct = str(facts.get("compute_type") or "").strip("'\".,")
    device = str(facts.get("device") or "").lower()
    if not ct:
        return None
    fix: list[str] = []
    derived: dict[str, Any] = {}

    if ct not in {"float16", "int8", "int8_float16", "int16", "bfloat16", "int8_bfloat16", "int8_float32", "float32", "float"}:
        derived.update(device_text="this CTranslate2 build", suggested="default")
        text = (f"CTranslate2 does not know the compute type '{ct}' (it is a spelling error, not a hardware limit). "
                f"Valid names: {', '.join(_KNOWN)} (older releases spell float32 as 'float').")
        fix.append("Pass one of the valid names, e.g. compute_type='float16' on a modern GPU, 'int8' on CPU, or 'default'.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)

    if device == "cpu":
        derived["device_text"] = "the CPU"
        if ct in _HALF:
            derived["suggested"] = "int8"
            text = (f"{ct} was requested with device='cpu'. CTranslate2 has no efficient {ct} path on CPU (this also applies "
                    "to Macs: Apple Silicon/MPS is not a CTranslate2 device, it runs as CPU).")
            fix.append("Use compute_type='int8' on CPU (fast, small accuracy cost) or 'float32' (exact); whisperX CLI: --compute_type int8.")
            fix.append("If you expected the GPU, check that CUDA is visible (python -c 'import ctranslate2; print(ctranslate2.get_cuda_device_count())'): the app may have fallen back to CPU and kept float16.")
        else:
            derived["suggested"] = "float32"
            text = f"{ct} was requested on CPU but this CPU/backend build has no efficient {ct} kernels (no AVX2/VNNI-capable backend in this build)."
            fix.append("Use compute_type='float32' or 'default' on this CPU.")
    else:
        derived["device_text"] = "this GPU" if device in ("cuda", "auto") else "this device (CPU / Mac, or a GPU without fast FP16)"
        if ct in ("float16", "int8_float16"):
            derived["suggested"] = "int8"
            text = (f"{ct} needs efficient FP16 on the GPU: compute capability 5.3, 6.0, 6.2 or 7.0+. GeForce GTX 10xx, Tesla P4/P40 "
                    "(6.1) and Maxwell cards (5.0/5.2) are refused; on CPU (device='cpu', a Mac, or no GPU visible) FP16 is never available.")
            fix.append("On a GTX 10xx / P4 / P40 (6.1): compute_type='int8' (fast) or 'float32'. On Maxwell (5.x): 'float32'. On CPU: 'int8'.")
            fix.append("Check the card: nvidia-smi --query-gpu=name,compute_cap --format=csv; and ctranslate2.get_supported_compute_types('cuda').")
        elif ct in ("bfloat16", "int8_bfloat16"):
            derived["suggested"] = "float16"
            text = f"{ct} needs an Ampere or newer GPU (compute capability 8.0+)."
            fix.append("Use compute_type='float16' (or 'int8_float16') on pre-Ampere GPUs, 'int8' on CPU.")
        elif ct == "int8":
            derived["suggested"] = "float16"
            text = ("int8 on CUDA needs compute capability 6.1 or 7.0+ (dp4a instructions): a Tesla P100 (6.0) or a Maxwell/Kepler card refuses it.")
            fix.append("On a P100 use compute_type='float16'; on Maxwell/Kepler use 'float32'.")
        else:
            derived["suggested"] = "default"
            text = f"{ct} is not supported efficiently on this device."
            fix.append("Use compute_type='default' or pick one from ctranslate2.get_supported_compute_types(device).")
    fix.append("Or pass compute_type='auto' (fastest supported) / 'default' and let CTranslate2 fall back by itself.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
