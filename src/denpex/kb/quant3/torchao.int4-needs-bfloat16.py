"""Computed diagnosis for torchao.int4-needs-bfloat16: which dtype to change, and where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = str(facts.get("got") or "")
    want = str(facts.get("want") or "")
    if got:
        arg = str(facts.get("arg") or "scales")
        if got.endswith("float32"):
            why = ("the model was still float32 when quantize_ ran (from_pretrained and nn.Module default), so the "
                   f"int4 {arg} were computed in float32")
            fix = ("Load or cast in bfloat16 before quantizing: from_pretrained(..., torch_dtype=torch.bfloat16) or "
                   "model.to(torch.bfloat16), then quantize_(model, Int4WeightOnlyConfig(group_size=128)).",)
        else:
            why = (f"the model is {got}; the tinygemm int4 layout accepts only bfloat16 {arg}")
            fix = ("Cast the model to torch.bfloat16 before quantize_ and feed bfloat16 inputs.",
                   "If it must stay float16, use Int8WeightOnlyConfig (int8_weight_only) or a float8 scheme instead.")
        return Explanation(text=f"torchao int4 weight-only failed while packing: {why}.", fix=fix,
                           derived={"stage": "quantize"})
    if want:
        text = (f"The int4 tinygemm matmul got an activation that is not {want}: the weights are packed, but the "
                "input (or an autocast region) has another dtype.")
        fix = ("Cast inputs to torch.bfloat16 (x = x.to(torch.bfloat16)) and keep the model in bfloat16; remove fp16 "
               "autocast around the quantized model.",)
        return Explanation(text=text, fix=fix, derived={"stage": "forward"})
    return None
