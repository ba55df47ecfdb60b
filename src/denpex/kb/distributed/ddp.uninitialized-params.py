"""Computed diagnosis for ddp.uninitialized-params: lazy layers vs quantized weights, and which wrapper hit it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    via = str(facts.get("wrapper") or "")
    quant = str(facts.get("quant") or "")
    derived: dict[str, Any] = {"via": ""}
    if quant:
        via = quant
        derived["via"] = f" (quantized weights: {quant})"
        return Explanation(
            text=f"The log mentions {quant}: the parameters DDP rejects are most likely quantized tensor-subclass weights, not lazy layers. "
                 "DDP's uninitialized-parameter check does not accept them (pytorch #135511).",
            fix=("Keep the quantized, frozen base outside DDP and wrap only the trainable part (adapter/LoRA module), or train this setup on one GPU "
                 "or with the sharding mode the training library supports for quantized models.",),
            derived=derived,
        )
    elif via == "accelerator.prepare":
        derived["via"] = " (during accelerator.prepare)"
        fix = ("Run one forward pass with a real batch on every rank before accelerator.prepare(model, ...): "
               "model.to(accelerator.device); with torch.no_grad(): model(batch).",)
    elif via == "strategies/ddp.py":
        derived["via"] = " (in Lightning's DDP strategy)"
        fix = ("Materialise lazy layers before trainer.fit: run model(example_batch) under torch.no_grad() after building the model, "
               "or give the layers explicit input sizes.",)
    else:
        return None
    return Explanation(
        text="Lazy layers (nn.Lazy*, PyG layers with in_channels=-1) still hold UninitializedParameter placeholders when the model is wrapped.",
        fix=fix,
        derived=derived,
    )
