"""Computed diagnosis for mlx.no-metal-backend: Linux vs non-native Python on a Mac."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    p = str(facts.get("platform") or "")
    if p.startswith(("/Users/", "/opt/homebrew", "/Library/")):
        where = "macOS, probably a non-native Python"
        text = ("The paths are macOS paths, so this is a Mac whose Python runs without the Metal backend: an x86_64 "
                "(Intel/Rosetta) interpreter or a non-Metal mlx build.")
        fix = ("python -c \"import platform; print(platform.machine())\" must print arm64; create an arm64 env and pip install -U mlx mlx-lm",)
    elif p:
        where = "Linux"
        text = ("The paths are Linux paths: MLX on Linux has the CPU (or CUDA) backend only, and this code calls the "
                "Metal-only mx.metal.device_info().")
        fix = ("Guard the call with if mx.metal.is_available(), or use a tool version that does",
               "pip install 'mlx[cuda]' for NVIDIA GPUs, or run the model with a Linux runtime (transformers, vLLM, llama.cpp)")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"where": where})
