"""Computed diagnosis for autogptq.cuda-extension-not-built."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kernel = facts.get("kernel")
    if not isinstance(kernel, str) or not kernel:
        return None
    width = kernel.rsplit("_", 1)[-1]
    warned = bool(facts.get("warned"))
    text = (f"QuantLinear picked the {width}-wide CUDA kernel module {kernel}, but the compiled auto_gptq extension was never "
            "imported" + (" (the log shows 'CUDA extension not installed.' at import time)" if warned else "") +
            ": this auto-gptq install has no CUDA kernels for the torch/CUDA in use.")
    fix = ("python -c \"import torch; print(torch.__version__, torch.version.cuda)\"   # pick the matching wheel",
           "pip uninstall -y auto-gptq && pip install auto-gptq --no-cache-dir --extra-index-url https://huggingface.github.io/autogptq-index/whl/cu118/",
           "Or load without these kernels: use_triton=True / exllama backend / transformers GPTQ integration.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "auto-gptq installed without CUDA extension", "warning_seen": warned})
