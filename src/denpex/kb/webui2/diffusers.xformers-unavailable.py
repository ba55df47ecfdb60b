"""Computed diagnosis for diffusers.xformers-unavailable: not installed vs no GPU vs training-script check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-cuda":
        problem = "xformers is installed but torch sees no CUDA GPU"
        text = ("xformers is importable, but torch.cuda.is_available() is False: the torch wheel is CPU-only, no GPU is visible "
                "(CUDA_VISIBLE_DEVICES, container without --gpus), or this is an MPS/ROCm machine. xFormers kernels only run on CUDA.")
        fix = ("Do not enable xformers on CPU/MPS: drop enable_xformers_memory_efficient_attention().",
               "On a GPU machine: install a CUDA torch wheel (pip install torch --index-url https://download.pytorch.org/whl/cu121) and expose the GPU.")
    elif sig in ("not-installed", "training-script"):
        problem = "xformers is not installed in this environment"
        text = ("The code enables xFormers attention but the xformers package is not importable by this interpreter"
                + (" (diffusers training script check)." if sig == "training-script" else ".")
                + " On torch 2.x it is optional: diffusers' default SDPA attention is memory-efficient already.")
        fix = ("Remove the switch: drop pipe.enable_xformers_memory_efficient_attention() / --enable_xformers_memory_efficient_attention.",
               "Or install the wheel that matches your torch from the PyTorch index (pip install xformers --index-url "
               "https://download.pytorch.org/whl/cu121) and check with python -m xformers.info.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
