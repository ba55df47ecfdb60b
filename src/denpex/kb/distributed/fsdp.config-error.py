"""Computed diagnosis for fsdp.config-error: which mismatch, and the fix that fits it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOW = {"torch.bfloat16": "bf16", "torch.float16": "fp16", "torch.half": "fp16"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a, b = facts.get("dtype_a"), facts.get("dtype_b")
    op = facts.get("op")
    parts: list[str] = []
    fix: list[str] = []
    if a and b:
        problem = f"parameters of one FSDP unit are {a} and {b}"
        pair = {a, b}
        low = next((d for d in (a, b) if d in _LOW), None)
        if "torch.float32" in pair and low:
            parts.append(f"The unit mixes {_LOW[low]} and fp32 parameters: typically bf16/fp16 base weights with fp32 LoRA adapters, fp32-kept norms/routers or a new head (or QLoRA 4-bit storage of another dtype).")
            fix.append(f"Cast the whole model to {low} before wrapping (model.to({low}) after get_peft_model) and let FSDP MixedPrecision choose the compute dtype.")
            fix.append(f"QLoRA: BitsAndBytesConfig(..., bnb_4bit_quant_storage={low}) with torch_dtype={low}.")
        elif {"torch.bfloat16", "torch.float16"} <= pair:
            parts.append("The unit mixes bf16 and fp16 parameters: the model was loaded in one half type and some modules (adapters, quantization storage, added layers) in the other.")
            fix.append("Load everything with one torch_dtype (and the same bnb_4bit_compute_dtype / quant storage), then wrap.")
        else:
            parts.append(f"The unit mixes {a} and {b} parameters; FSDP1 flattens a unit into one tensor of a single dtype.")
            fix.append("Cast the parameters of the unit to one dtype before wrapping, or wrap the odd module as its own unit.")
        fix.append("Find the odd modules: [n for n, p in model.named_parameters() if p.dtype != <unit dtype>].")
    elif op:
        problem = f"{op} got a DTensor and a plain tensor"
        parts.append(f"Under FSDP2/DTensor the operator {op} received a sharded DTensor parameter together with a plain tensor: a parameter-holding module was not passed to fully_shard (often the root, embedding or head), a weight is used outside the sharded forward, or the op has no DTensor rule.")
        fix.append("Call fully_shard on every transformer block and then on the root model; route all parameter use through the sharded modules' forward.")
        fix.append("For a custom op, register a DTensor sharding strategy (torch.distributed.tensor.experimental.register_sharding).")
    elif facts.get("requires_grad"):
        problem = "frozen and trainable parameters share one FSDP unit"
        parts.append("A wrapped unit holds both frozen (requires_grad=False) and trainable parameters - LoRA / PEFT or partial freezing - and FSDP was not told to keep the original parameters.")
        fix.append("Pass use_orig_params=True (Accelerate: fsdp_use_orig_params: true; needs torch >= 2.1), or wrap trainable and frozen parameters in separate units (custom auto-wrap policy for the LoRA layers).")
    elif facts.get("int_dtype"):
        problem = "integer (8-bit / quantized) weights cannot be flattened"
        parts.append("The unit contains integer-typed weights (int8 / uint8 quantized storage); FSDP1 only flattens floating-point parameters.")
        fix.append("For 4-bit QLoRA use bnb_4bit_quant_storage=<model dtype> so the packed weights are stored as floats; 8-bit (LLM.int8) weights are not supported by FSDP - use DDP or DeepSpeed, or keep quantized modules out of FSDP units (ignored_modules).")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
