"""Computed diagnosis for hf.bnb-cpu-disk-offload: which offload flag name this release expects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    flag = str(facts.get("flag") or "")
    if not flag:
        return None
    legacy = flag.startswith("load_in_8bit")
    era = ("this transformers release still prints the 2023 name load_in_8bit_fp32_cpu_offload; "
           "BitsAndBytesConfig accepts llm_int8_enable_fp32_cpu_offload on every release since 4.27"
           if legacy else
           "the flag is BitsAndBytesConfig(llm_int8_enable_fp32_cpu_offload=True); it covers 4-bit too")
    text = ("accelerate could not fit the bitsandbytes-quantized model in the GPU memory it may use and placed "
            f"some modules on CPU/disk; {era}.")
    fix = ("First try to make it fit: 4-bit NF4 instead of 8-bit, a smaller model, free VRAM (restart the kernel, "
           "stop other GPU processes) or add GPUs with max_memory per GPU.",
           "Only for inference you can offload: BitsAndBytesConfig(load_in_4bit=True, "
           "llm_int8_enable_fp32_cpu_offload=True) and device_map={...} with the overflow modules on 'cpu' "
           "(they run unquantized in fp32, slowly).")
    return Explanation(text=text, fix=fix, derived={"legacy_flag_name": legacy})
