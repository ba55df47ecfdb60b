"""Computed diagnosis for autogptq.exllama-temp-state-buffer: the buffer length to request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _round_up(n: int, step: int = 1024) -> int:
    return ((n + step - 1) // step) * step


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        seq = int(facts.get("seq_len") or 0)
    except (TypeError, ValueError):
        return None
    if seq <= 0:
        return None
    target = _round_up(seq)
    over = seq - 2048
    text = (f"The forward pass carried {seq} activation rows (batch x tokens) through an act-order GPTQ layer; "
            "the ExLlama v1 temp_state buffer was sized for fewer"
            + (f" (the default 2048 is {over} short)." if over > 0 else "."))
    fix = (f"model = exllama_set_max_input_length(model, max_input_length={target}) right after loading "
           "(from auto_gptq import exllama_set_max_input_length).",
           f"transformers: quantization_config=GPTQConfig(bits=4, max_input_length={target}), or use the ExLlamaV2 "
           "kernel (exllama_config={'version': 2}).",
           "For training, lower per-device batch x cutoff length below the buffer size instead.")
    return Explanation(text=text, fix=fix, derived={"max_input_length": target})
