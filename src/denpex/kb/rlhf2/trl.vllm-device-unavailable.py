"""Computed diagnosis for trl.vllm-device-unavailable: GPU count from the message and the launch that fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        dev = str(facts.get("vllm_device") or "")
        idx = int(dev.split(":")[1]) if ":" in dev and dev.split(":")[1].isdigit() else None
        if facts.get("_signature") == "device-shared":
            return Explanation(
                text=f"vLLM shares {dev} with a training process: fine on one GPU if vllm_gpu_memory_utilization leaves room for training.",
                fix=("Keep vllm_gpu_memory_utilization low (0.2-0.4) on a shared GPU, or give vLLM a dedicated GPU with --num_processes N-1.",),
                derived={"problem": "is also used by a training process"},
            )
        sugg = facts.get("suggested_num_processes")
        gpus = int(sugg) + 1 if sugg is not None else None
        fix = []
        if gpus == 1:
            text = (f"Only one GPU is visible, and TRL's auto placement wants vLLM on {dev}, a second GPU. "
                    "The suggested `--num_processes 0` cannot work: vLLM has to share cuda:0 with training.")
            fix.append("Set GRPOConfig(vllm_device='cuda:0', vllm_gpu_memory_utilization=0.3) (or lower) and keep --num_processes 1.")
            fix.append("Or upgrade TRL to >= 0.17 and use vllm_mode='colocate'.")
        elif gpus:
            text = (f"{gpus} GPUs are visible and {idx if idx is not None else gpus} training processes use them all, so vLLM's "
                    f"device {dev} does not exist.")
            fix.append(f"accelerate launch --num_processes {gpus - 1} ... (vLLM then runs on cuda:{gpus - 1}); re-check that "
                       f"{gpus - 1} x per_device_train_batch_size is a multiple of num_generations.")
            fix.append(f"Or set vllm_device to one of cuda:0..cuda:{gpus - 1} explicitly (shared with training).")
        else:
            text = f"vLLM was placed on {dev}, which is not a visible GPU."
            fix.append("Launch one training process fewer than the visible GPUs, or set vllm_device to an existing cuda:N.")
        prob = ("does not exist: only one GPU is visible" if gpus == 1
                else "does not exist: every visible GPU runs a training process")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": prob, "visible_gpus": gpus})
    except Exception:
        return None
