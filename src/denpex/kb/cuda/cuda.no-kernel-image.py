"""Computed diagnosis for cuda.no-kernel-image: the GPU's architecture vs what the build supports."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# First CUDA toolkit that can target an architecture (major, minor) -> wheel suffix to look for.
_NEEDS = (
    ((12, 0), "CUDA 12.8+ (e.g. the cu128 wheel index)"),
    ((10, 0), "CUDA 12.8+ (e.g. the cu128 wheel index)"),
    ((9, 0), "CUDA 11.8+ (cu118 or newer)"),
    ((8, 9), "CUDA 11.8+ (cu118 or newer)"),
    ((8, 6), "CUDA 11.1+ (cu111 or newer)"),
    ((8, 0), "CUDA 11.0+ (cu110 or newer)"),
)


def _cap_from_sm(sm: str) -> str | None:
    digits = re.sub(r"\D", "", str(sm))
    if len(digits) < 2:
        return None
    return f"{digits[:-1]}.{digits[-1]}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    gpu = facts.get("gpu")
    cap = facts.get("compute_capability")
    sm = facts.get("sm")
    supported = facts.get("supported_archs")
    code = facts.get("cuda_error_code")
    derived: dict[str, Any] = {}
    if cap is None and sm:
        cap = _cap_from_sm(sm)
        if cap:
            derived["compute_capability"] = cap
    if gpu is None and cap is None and code is None:
        return None
    fix: list[str] = []
    who = f"{gpu} (compute capability {cap})" if gpu and cap else (gpu or (f"a GPU of compute capability {cap}" if cap else "this GPU"))
    text = f"The binary has no kernel for {who}."
    if supported:
        derived["supported_archs"] = str(supported).split()
        text += f" The installed PyTorch was built for: {supported}."
    if cap:
        try:
            major, minor = (int(x) for x in str(cap).split(".")[:2])
        except ValueError:
            major, minor = -1, -1
        arch = f"sm_{major}{minor}" if major >= 0 else None
        if arch:
            derived["gpu_arch"] = arch
        if major >= 0 and major < 5:
            text += " This GPU is older than what current PyTorch releases ship kernels for."
            fix.append(f"Pin an older PyTorch release that still lists {arch} in torch.cuda.get_arch_list(), or build from source with TORCH_CUDA_ARCH_LIST=\"{major}.{minor}\".")
        else:
            need = next((n for (mj, mn), n in _NEEDS if (major, minor) >= (mj, mn)), None)
            if need:
                fix.append(f"Install a PyTorch build made with {need}; afterwards {arch} must appear in torch.cuda.get_arch_list().")
            fix.append(f"Rebuild compiled extensions with TORCH_CUDA_ARCH_LIST=\"{major}.{minor}+PTX\" (plus your other GPUs' arches).")
    if isinstance(code, int):
        derived["cuda_error_numbering"] = "CUDA < 10 (48)" if code == 48 else ("CUDA >= 10 (209)" if code == 209 else str(code))
    return Explanation(text=text, fix=tuple(fix), derived=derived)
