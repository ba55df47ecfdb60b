"""Computed diagnosis for peft.merge-quantized-base: which quantization blocked the merge and how to export instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mode = str(facts.get("mode") or "")
    if not mode:
        return None
    if "gptq" in mode:
        text = "The base model is a GPTQ checkpoint; its packed qweight tensors cannot absorb the LoRA delta."
        fix = ("Merge into the original fp16/bf16 model the GPTQ checkpoint was made from, then re-quantize the merged model.",)
    else:
        text = ("The base was loaded through bitsandbytes (this wording is raised for 4-bit QLoRA bases too, despite saying 8-bit); "
                "old PEFT cannot add the LoRA delta to packed integer weights.")
        fix = ("In the merge script drop load_in_4bit/load_in_8bit/quantization_config: from_pretrained(base, torch_dtype=torch.bfloat16, "
               "device_map='auto' or 'cpu'), then PeftModel.from_pretrained(...).merge_and_unload().save_pretrained(out).",
               "Only if a quantized merged model is required: pip install -U peft (0.6+ dequantizes, merges, re-quantizes; lossy).")
    return Explanation(text=text, fix=fix, derived={"quantized_base": "gptq" if "gptq" in mode else "bitsandbytes"})
