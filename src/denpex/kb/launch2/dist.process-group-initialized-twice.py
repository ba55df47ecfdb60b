"""Computed diagnosis for dist.process-group-initialized-twice: which framework already initialised the group."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHO = {
    "mmcv": "mmcv's init_dist", "mmengine": "mmengine's init_dist", "deepspeed": "DeepSpeed (init_distributed)",
    "accelerate": "accelerate (Accelerator / PartialState)", "transformers": "transformers (TrainingArguments / Trainer)",
    "lightning": "Lightning's strategy", "lightning_fabric": "Lightning Fabric", "pytorch_lightning": "Lightning's strategy",
    "vllm": "vLLM's worker start-up", "megatron": "Megatron's initialize", "nemo": "NeMo", "colossalai": "ColossalAI launch",
    "torchtune": "torchtune's recipe",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("init_caller") or "")
    who = _WHO.get(caller)
    if who:
        text = (f"The second init_process_group call runs inside {who}; the default group was already created earlier "
                "in this process (by your code or another library).")
        fix = (f"Let {who} own the initialisation: remove or guard your own init_process_group call "
               "(if not torch.distributed.is_initialized()).",
               "If this is a second engine/test in the same process, call torch.distributed.destroy_process_group() first "
               "or run it in a subprocess.")
        return Explanation(text=text, fix=fix, derived={"init_caller_suffix": f" (second call in {caller})"})
    return Explanation(
        text="init_process_group ran while a default group already existed in this process.",
        fix=("Guard the call: if not torch.distributed.is_initialized(): torch.distributed.init_process_group(...).",),
        derived={"init_caller_suffix": " in this process"},
    )
