"""Computed diagnosis for hf.quantized-linear-no-weight: which library's module and what it stores instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    q = str(facts.get("qmodule") or "")
    if not q:
        return None
    if q.startswith("HQQLinear"):
        lib, stored = "hqq", "W_q/scale/zero (meta) with compute_dtype"
    elif "QuantLinear" in q:
        lib, stored = "GPTQ-style kernels (GPTQModel / AutoRound / AutoGPTQ)", "qweight/qzeros/scales"
    elif q == "CompressedLinear":
        lib, stored = "compressed-tensors", "weight_packed/weight_scale"
    elif q == "SQLinearWrapper":
        lib, stored = "neural-compressor SmoothQuant", "the wrapped sq_linear"
    elif q.startswith("WQLinear"):
        lib, stored = "AutoAWQ", "qweight/qzeros/scales"
    else:
        lib, stored = "the quantization library", "packed tensors"
    sug = str(facts.get("suggestion") or "")
    hint = f" (Python suggests '{sug}')" if sug else ""
    text = (f"A {q} layer from {lib} stores {stored}, not .weight{hint}; code written for nn.Linear read .weight on it.")
    fix = (f"Upgrade transformers and {lib.split(' ')[0]} together (or pin the last pair that worked).",
           "Avoid the path that reads .weight (static cache / custom hooks), or read dtype/device from the module's own "
           "tensors.")
    return Explanation(text=text, fix=fix, derived={"library": lib})
