"""Computed diagnosis for gptq.quant-cuda-extension-missing: name the kernel and the silent warning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kernel = facts.get("kernel")
    warned = facts.get("warned")
    sig = facts.get("_signature")
    parts = []
    if kernel:
        bits = "".join(ch for ch in str(kernel) if ch.isdigit())
        parts.append(f"the failing call is quant_cuda.{kernel}" + (f" ({bits}-bit kernel)" if bits else ""))
    if warned:
        parts.append("the earlier 'CUDA extension not installed.' line was the import failure")
    if sig == "module-not-found":
        parts.append("the package imports quant_cuda at top level, so it fails at import")
    if not parts:
        return None
    text = "quant_cuda is not importable: " + "; ".join(parts) + "."
    return Explanation(
        text=text,
        fix=("cd GPTQ-for-LLaMa && python setup_cuda.py install  (same env; needs nvcc matching torch.version.cuda)",
             "python -c 'import quant_cuda'  to confirm before loading the model"),
        derived={"kernel_note": f" (quant_cuda.{kernel})" if kernel else ""},
    )
