"""Computed diagnosis for hf.gptq-exllama-offload: which switch name applies and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "")
    if not backend:
        return None
    new = "Exllamav2" in backend
    era = ("optimum >= 1.15 / transformers >= 4.36 (ExLlamaV2 era): the switch is GPTQConfig(bits=4, use_exllama=False)"
           if new else
           "2023 optimum/transformers (ExLlama v1 only): the switch is GPTQConfig(bits=4, disable_exllama=True)")
    switch = "use_exllama=False" if new else "disable_exllama=True"
    text = (f"The {backend} GPTQ kernel is CUDA-only and some quantized modules were dispatched to CPU or disk "
            f"(model larger than free VRAM, CPU device requested, or torch without CUDA). Version hint: {era}.")
    fix = ("Keep every layer on the GPU: device_map={'': 0} (or 'auto' with max_memory for GPUs only), free VRAM or pick a smaller quant.",
           f"Or load with quantization_config=GPTQConfig(bits=4, {switch}) (slower kernel that tolerates offloading).",
           "If torch.cuda.is_available() is False, fix the torch/CUDA install first (a +cpu wheel places everything on the CPU).")
    return Explanation(text=text, fix=fix, derived={"switch": switch})
