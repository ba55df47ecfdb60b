"""Computed diagnosis for cupy.out-of-memory: requested vs already-held memory, and what the ratio suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _num(v: Any) -> int | None:
    try:
        return int(str(v).replace(",", "").strip())
    except (TypeError, ValueError):
        return None


def _h(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n} B"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    if sig == "runtime-memory-allocation":
        text = ("The CUDA runtime refused a device allocation (cudaErrorMemoryAllocation) outside CuPy's pool error path: "
                "the GPU is full.")
        return Explanation(text=text, fix=("Reduce the batch size or array size, and check nvidia-smi for other processes.",),
                           derived={"diagnosis": "runtime allocation failed"})
    req, held = _num(facts.get("requested")), _num(facts.get("held"))
    if req is None or held is None:
        return None
    derived = {"requested_h": _h(req), "held_h": _h(held)}
    if held == 0 or req >= held:
        diag = "single array too large"
        text = (f"One allocation of {_h(req)} is at least as large as everything the pool held ({_h(held)}): a single "
                "huge array (a whole dataset or output moved to the GPU), or another process holds the memory.")
        fix = (f"Split the {_h(req)} array into chunks or keep it on the host.",
               "Check nvidia-smi: memory held by other processes is not counted in CuPy's number.")
    else:
        diag = "process holds the GPU"
        text = (f"This process already holds {_h(held)} in CuPy's pool and needed {_h(req)} more "
                f"({100 * req / (req + held):.1f}% of the total): the live arrays (activations kept for backward, "
                "gradients, arrays kept by the script) fill the GPU.")
        fix = ("Halve the batch size or input size.",
               "Run evaluation under chainer.no_backprop_mode() and keep only float(loss.array) in logs.")
    derived["diagnosis"] = diag
    return Explanation(text=text, fix=fix, derived=derived)
