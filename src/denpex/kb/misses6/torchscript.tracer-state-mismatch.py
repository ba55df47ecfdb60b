"""Computed diagnosis for torchscript.tracer-state-mismatch: which tracing entry point hit the stale state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CALLERS = {
    "torch.onnx.export": "torch.onnx.export",
    "add_graph": "tensorboardX SummaryWriter.add_graph",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    who = _CALLERS.get(caller, "the tracer")
    derived: dict[str, Any] = {}
    cause = "a tensor created outside the current trace (kept on the module or from an earlier call/trace)"
    derived["cause"] = cause
    text = (f"{who} traced the model, and an operation received {cause}. The PyTorch 0.3/0.4 tracer asserts that all inputs "
            "of a recorded op belong to the trace in progress.")
    fix = ["Reset or detach tensors kept on the module (hidden states, caches) and trace a freshly built model with new dummy inputs in a new process."]
    if caller == "add_graph":
        fix.append("Call writer.add_graph(model, dummy_input) once, before training, on a model without cached state - or skip add_graph on old PyTorch.")
    elif caller == "torch.onnx.export":
        fix.append("Export right after loading the checkpoint in a dedicated script; after a failed export, rebuild the model before retrying.")
    fix.append("Upgrade to PyTorch >= 1.0: its tracer does not have this assertion.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
