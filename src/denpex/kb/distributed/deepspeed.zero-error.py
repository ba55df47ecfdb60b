"""Computed diagnosis for deepspeed.zero-error: which ZeRO check failed and its fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("_signature") == "zero3-empty-param-group":
        problem = "ZeRO-3 got an optimizer parameter group without trainable parameters"
        parts.append("ZeRO-3 builds its optimizer state per optimizer parameter group and takes the largest partition of each; "
                     "one group holds no trainable parameter (everything in it is frozen, or a trainer created an empty "
                     "weight-decay / no-decay group), so there is nothing to take the maximum of.")
        fix.append("Check which parameters require grad (sum(p.numel() for p in model.parameters() if p.requires_grad)) and that "
                   "every optimizer param group passed to deepspeed.initialize is non-empty; drop empty groups.")
        fix.append("Pass only trainable parameters: model_parameters=[p for p in model.parameters() if p.requires_grad].")
        fix.append("Upgrade DeepSpeed together with the training framework; if it persists, ZeRO-2 does not build these partitions.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    if facts.get("param"):
        p = facts["param"]
        named = not str(p).isdigit()
        problem = f"parameter {p} received a second gradient in one step (ZeRO-1/2)"
        parts.append(f"ZeRO-2 reduced {'parameter ' + p if named else 'the parameter with index ' + p} once already in this step and got another gradient for it.")
        if named and "lora_" in p.lower():
            parts.append("It is a LoRA weight: typically gradient checkpointing in reentrant mode with PEFT.")
        fix.append("Use non-reentrant checkpointing: gradient_checkpointing_kwargs={'use_reentrant': False} (or disable gradient checkpointing).")
        fix.append("Call backward once per step on one combined loss; do not create a second DeepSpeed engine on the same model without destroying the first.")
        fix.append("If it persists, switch ZeRO stage (1 or 3) - the ZeRO-2 bucket assertion does not apply there.")
    elif facts.get("ds_status"):
        st, ds_id = facts["ds_status"], facts.get("ds_id")
        problem = f"ZeRO-3 parameter {ds_id} is {st} where it must be gathered"
        parts.append(f"ZeRO-3 parameter id {ds_id} was {st} (local numel {facts.get('numel')}, full numel {facts.get('ds_numel')}) when code needed it: it was touched outside the gather protocol of the engine's forward.")
        if st == "INFLIGHT":
            parts.append("INFLIGHT means a prefetch was started but never awaited - the execution order differed from the recorded trace (eval/no_grad passes, generation, dynamic control flow).")
        fix.append("Wrap out-of-forward access in deepspeed.zero.GatheredParameters(list_of_params) (modifier_rank=0 when writing).")
        fix.append("For RLHF / generation use the framework's ZeRO-3 generation path (hybrid engine) or ZeRO-2; upgrade DeepSpeed with the framework.")
    elif facts.get("optimizer"):
        opt = facts["optimizer"]
        problem = f"ZeRO-Offload with client optimizer {opt}"
        parts.append(f"The optimizer is offloaded to CPU but the trainer passed {opt}; DeepSpeed >= 0.8.3 refuses this because only DeepSpeedCPUAdam runs the CPU step efficiently.")
        fix.append('Define the optimizer in the ds config ("optimizer": {"type": "AdamW", "params": {...}}) or pass deepspeed.ops.adam.DeepSpeedCPUAdam.')
        fix.append('Only if a slow CPU step is acceptable: "zero_force_ds_cpu_optimizer": false at the top level of the ds config.')
    elif facts.get("untested"):
        problem = "optimizer not in ZeRO's tested set"
        parts.append("ZeRO is enabled with an optimizer DeepSpeed has not validated with ZeRO.")
        fix.append('Add "zero_allow_untested_optimizer": true at the top level of the ds config, or use Adam/AdamW/Lamb from the ds config.')
    elif facts.get("device_map"):
        problem = "from_pretrained got device_map / low_cpu_mem_usage under ZeRO-3"
        parts.append("transformers loads weights partitioned with zero.Init when a ZeRO-3 config is active, so a device_map (or low_cpu_mem_usage) cannot also place them.")
        fix.append("Remove device_map and low_cpu_mem_usage from from_pretrained when is_deepspeed_zero3_enabled(); use ZeRO-2 if you need device_map (e.g. 4/8-bit loading).")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
