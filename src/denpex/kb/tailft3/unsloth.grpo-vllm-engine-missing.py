"""Computed diagnosis for unsloth.grpo-vllm-engine-missing: read the wrapper class the lookup failed on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("model_class") or "")
    if not cls:
        return None
    fix = ["FastLanguageModel.from_pretrained(..., fast_inference=True, max_lora_rank=<lora r>, gpu_memory_utilization=0.6), then build GRPOTrainer again.",
           "Or GRPOConfig(use_vllm=False) to generate with the training model."]
    if cls in ("PeftModelForCausalLM", "PeftModel", "LoraModel"):
        diagnosis = "LoRA-wrapped model without a vLLM engine"
        text = (f"The lookup went through the PEFT wrapper ({cls}) to the base model and found no vllm_engine: the base model was "
                "loaded without fast_inference=True (or with a mode Unsloth's vLLM path skips, e.g. load_in_8bit).")
    elif "ConditionalGeneration" in cls or "Vision" in cls or cls.startswith("Gemma3"):
        diagnosis = f"{cls}: vLLM path not available for this model family"
        text = (f"{cls} has no vllm_engine: for this model family Unsloth's fast_inference (vLLM) path was not available in the "
                "installed Unsloth/vLLM, so GRPO cannot reuse an engine.")
        fix.insert(0, "Upgrade unsloth, unsloth_zoo and vllm together and load with fast_inference=True, or keep use_vllm=False for this model.")
    else:
        diagnosis = f"{cls} loaded without fast_inference=True"
        text = (f"{cls} carries no vllm_engine: Unsloth attaches one only when from_pretrained gets fast_inference=True "
                "(and not with full_finetuning=True), while GRPOConfig asked for use_vllm=True.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
