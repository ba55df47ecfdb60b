"""Computed diagnosis for mps.placeholder-storage: which operator got the CPU tensor and which operand to move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "embedding": "the embedding's input ids (tokenizer output, input_ids/labels) are on the CPU while the weight is on MPS, or the model was never moved",
    "linear": "the input activation or the layer's weight/bias is on the CPU - typically inputs not moved, or a layer kept outside nn.Module registration",
    "conv": "the image batch or the conv weights are on the CPU",
    "lstm": "the input or the initial hidden state (h0/c0 created with torch.zeros without device=) is on the CPU",
    "layer_norm": "the input or the norm's weight/bias is on the CPU",
    "matmul": "one matmul operand was created or loaded on the CPU",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "")
    derived: dict[str, Any] = {"where": f" in {call}" if call else ""}
    if call:
        key = next((k for k in _HINTS if k in call.lower()), None)
        text = f"The failing operator is {call}: " + (_HINTS[key] if key else "one of its tensor arguments is on the CPU") + "."
    else:
        text = "One operand of an MPS operator is a CPU tensor (the traceback's last torch/F call names the operator)."
    fix = (
        "Print the devices just before the call (x.device and next(model.parameters()).device) and move the CPU one with .to('mps').",
        "Move the whole batch: inputs = {k: v.to('mps') for k, v in inputs.items()}; create new tensors with device=x.device.",
    )
    return Explanation(text=text, fix=fix, derived=derived)
