"""Computed diagnosis for triton.pointer-argument-cpu-tensor: which argument, and where it lives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    idx = facts.get("arg_index")
    which = f"argument {idx} of the kernel call" if idx is not None else "a pointer argument of the kernel call"
    if idx == 0:
        hint = "argument 0 is usually the input activation: check that the inputs were moved to the GPU"
    elif idx is not None:
        hint = (f"argument {idx} is usually a weight, scale or output buffer: check for layers offloaded to CPU "
                "(device_map='auto', ZeRO-3) or a buffer created without device=")
    else:
        hint = "check the devices of all tensors passed to the kernel"
    text = f"Triton rejected {which}: it is not memory of the current GPU (CPU tensor or another GPU); {hint}."
    fix = ("Put model and inputs on one GPU (model.to('cuda'), inputs .to('cuda'); device_map={'': 0} instead of CPU "
           "offload).",
           "On multi-GPU, run the call inside `with torch.cuda.device(x.device):` or torch.cuda.set_device(rank).")
    return Explanation(text=text, fix=fix, derived={"argument": str(idx) if idx is not None else "?"})
