"""Computed diagnosis for torchscript.trace-check-failed: which check failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = str(facts.get("check") or "")
    nondet = bool(facts.get("nondeterministic"))
    if nondet:
        diagnosis = "model traced in training mode (random ops)"
        text = ("The tracer warned about nondeterministic nodes before the check failed: dropout or other random ops are "
                "active, so the two trace runs differ.")
        fix = ("model.eval() before torch.jit.trace (and wrap in torch.no_grad()).",)
    elif check.startswith("Tensor-valued Constant"):
        diagnosis = "values frozen as constants changed between the two traces"
        text = ("Tensors computed in Python (cached anchors/grids, tensor->Python conversions) were frozen as constants "
                "and had other values on the second run.")
        fix = ("Run one warm-up forward before tracing or build cached tensors in __init__.",
               "Script the data-dependent part (torch.jit.script) instead of tracing it.")
    elif check.startswith("Graphs differed"):
        diagnosis = "graph structure changed between the two traces"
        text = ("The second trace recorded other operators than the first: the forward takes another path on a repeat "
                "call (state cached on first call, Python control flow, training-mode randomness).")
        fix = ("model.eval() and one warm-up forward, then trace.",
               "Read 'First diverging operator' in the diff; if benign, check_trace=False and compare outputs with eager.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
