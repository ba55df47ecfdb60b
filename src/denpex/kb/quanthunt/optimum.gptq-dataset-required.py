"""Computed diagnosis for optimum.gptq-dataset-required: quantizing on purpose vs loading a checkpoint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("via"):
        text = ("transformers' from_pretrained got a GPTQConfig and found no quantization_config in the checkpoint's "
                "config.json, so it started quantizing the model and stopped for lack of calibration data.")
        fix = ("If the checkpoint is already GPTQ: remove the GPTQConfig argument and make sure config.json has "
               "quantization_config (copy quantize_config.json's values) or load with AutoGPTQ.",
               "If you meant to quantize: GPTQConfig(bits=4, dataset='c4', tokenizer=tokenizer).")
        return Explanation(text=text, fix=fix, derived={"path": "from_pretrained"})
    text = "GPTQQuantizer.quantize_model was called with dataset=None; GPTQ needs calibration text."
    fix = ("Create the quantizer with dataset='c4' (or a list of representative strings) and pass the tokenizer: "
           "GPTQQuantizer(bits=4, dataset='c4', model_seqlen=2048).quantize_model(model, tokenizer).",)
    return Explanation(text=text, fix=fix, derived={"path": "GPTQQuantizer"})
