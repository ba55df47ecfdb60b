"""Computed diagnosis for llamafactory.argument-conflict: the fix for the check that fired."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FIXES = (
    ("Please launch distributed training",
     "Not started as a distributed job while several GPUs are visible (python src/train.py or a custom script).",
     ("llamafactory-cli train <config>.yaml (starts torchrun for >1 GPU) or torchrun --nproc_per_node <GPUs> src/train.py <config>.yaml",
      "One GPU on purpose: CUDA_VISIBLE_DEVICES=0 llamafactory-cli train <config>.yaml")),
    ("FORCE_TORCHRUN",
     "A DeepSpeed config was given but the process was not launched by torchrun (single GPU or python launch).",
     ("FORCE_TORCHRUN=1 llamafactory-cli train <config>.yaml",)),
    ("Quantization is only compatible",
     "quantization_bit is set while finetuning_type is full/freeze; quantized weights cannot be trained directly.",
     ("finetuning_type: lora (QLoRA), or remove quantization_bit for full/freeze tuning.",)),
    ("Adapter is only valid",
     "adapter_name_or_path is set but finetuning_type is not lora.",
     ("finetuning_type: lora, or merge the adapter into the model first (llamafactory-cli export).",)),
    ("max_steps",
     "streaming: true has no dataset length, so the number of steps cannot be derived.",
     ("Add max_steps: <N> (or set streaming: false).",)),
    ("predict_with_generate` to save",
     "do_predict needs generated outputs.",
     ("Set predict_with_generate: true.",)),
    ("except SFT",
     "An SFT-only option is set in another stage.",
     ("Remove predict_with_generate / neat_packing / train_on_prompt / mask_history for this stage.",)),
    ("quantized model",
     "Adapters on a quantized base: only one existing adapter can be loaded and no new adapter stacked on it.",
     ("Merge the adapters into an unquantized model first (llamafactory-cli export), then quantize.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = str(facts.get("check") or "")
    for key, text, fix in _FIXES:
        if key in check:
            return Explanation(text=text, fix=fix, derived={})
    return None
