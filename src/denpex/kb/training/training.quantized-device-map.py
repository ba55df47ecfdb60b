"""Computed diagnosis for training.quantized-device-map: which placement rule was broken and the loading code that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PER_RANK = "Load one full copy per process: from accelerate import PartialState; model = AutoModelForCausalLM.from_pretrained(..., device_map={'': PartialState().process_index})"
_SINGLE = "Or, if the model only fits split across GPUs: run ONE process (python train.py / accelerate launch --num_processes 1) with device_map='auto'."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    problem = str(facts.get("problem") or "")
    quant = facts.get("quant")
    nproc = facts.get("nproc")
    derived: dict[str, Any] = {}
    launch = f" (the launch starts {nproc} processes)" if isinstance(nproc, int) else ""
    if quant and "different device" in problem:
        derived["what"] = f"{quant} model sits on another GPU than this rank's device{launch}"
        text = (f"The {quant} model was loaded onto a GPU other than the one this process trains on{launch}. bitsandbytes weights cannot be moved after loading, "
                "and with torchrun/accelerate every rank that loads with device_map='auto' or {'': 0} puts its copy on GPU 0, so ranks >= 1 fail.")
        return Explanation(text=text, fix=(_PER_RANK + " (or {'': int(os.environ['LOCAL_RANK'])}).",), derived=derived)
    if quant and "multiple devices" in problem:
        derived["what"] = f"{quant} model split over several GPUs inside a distributed launch{launch}"
        text = (f"The {quant} model was split across several GPUs (device_map='auto'/'balanced') while the script runs distributed{launch}: "
                "DDP needs one complete replica per process, a split model is single-process model parallel.")
        return Explanation(text=text, fix=(_PER_RANK + " - each GPU must fit the whole quantized model.", _SINGLE,
                                           "accelerate < 0.20 raised 'on multiple devices' even for single-process runs: pip install -U accelerate."), derived=derived)
    if quant and "offload" in problem:
        derived["what"] = f"{quant} model partly offloaded to CPU/disk (does not fit the GPU)"
        text = (f"from_pretrained could not fit the {quant} model on the GPU and offloaded some layers to CPU or disk; offloaded quantized layers cannot be trained.")
        return Explanation(text=text, fix=("Make it fit: 4-bit instead of 8-bit, a smaller model, a GPU with more memory, or shard it with FSDP/DeepSpeed ZeRO-3 across GPUs.",
                                           "Check model.hf_device_map for 'cpu'/'disk' entries and max_memory settings that force offload."), derived=derived)
    if facts.get("quant_method"):
        m = facts["quant_method"]
        derived["what"] = f"quantization method '{m}' does not support training"
        return Explanation(
            text=f"The model is quantized with '{m}', whose transformers quantizer is not trainable (in this version): LoRA adapters cannot be trained on top of it.",
            fix=("Load the base model with bitsandbytes 4-bit (BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type='nf4')) for QLoRA, or upgrade transformers/the quantization library if it added training support.",),
            derived=derived)
    if facts.get("purely"):
        derived["what"] = "a quantized model without trainable adapters was given to the Trainer"
        return Explanation(
            text="The model is quantized (its weights are frozen integer tensors) and has no PEFT adapters, so there is nothing the Trainer can train.",
            fix=("from peft import LoraConfig, get_peft_model, prepare_model_for_kbit_training; model = get_peft_model(prepare_model_for_kbit_training(model), LoraConfig(r=16, lora_alpha=32, target_modules='all-linear', task_type='CAUSAL_LM'))",
                 "With TRL: SFTTrainer(model=model, peft_config=LoraConfig(...), ...) and do not wrap the PeftModel in another object that hides it.",
                 "To evaluate only (no training), do not build a Trainer for the quantized base model; call model.generate/evaluate directly."),
            derived=derived)
    if facts.get("compiled"):
        derived["what"] = "a torch.compile'd quantized model was given to the Trainer"
        return Explanation(text="The quantized model was wrapped with torch.compile before training; transformers refuses compiled quantized models for PEFT fine-tuning.",
                           fix=("Pass the uncompiled model (remove torch.compile / torch_compile=True in TrainingArguments).",), derived=derived)
    derived["what"] = "device_map='auto' model in a distributed launch" + launch
    text = ("The model was loaded with device_map='auto' (split across the visible GPUs) but the script runs in a distributed mode (DDP/FSDP/DeepSpeed)" + launch +
            ". Each process would hold a split copy; DDP cannot wrap that.")
    return Explanation(text=text, fix=("Remove device_map for DeepSpeed/FSDP (they place the model), or for DDP use device_map={'': PartialState().process_index}.", _SINGLE),
                       derived=derived)
