"""Computed diagnosis for swift.deepspeed-with-model-parallel: GPUs per process from n_gpu and local_world_size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n_gpu = int(facts["n_gpu"])
        lws = int(facts["local_world_size"])
    except (KeyError, TypeError, ValueError):
        return Explanation(
            text="swift chose device_map model parallel (several GPUs per process), which DeepSpeed cannot wrap.",
            fix=("Set NPROC_PER_NODE=<number of visible GPUs> before 'swift sft', or launch with torchrun --nproc_per_node.",),
            derived={"what": "DeepSpeed requested with several GPUs per process"},
        )
    if lws <= 0:
        return None
    per = n_gpu // lws if lws else n_gpu
    if lws == 1:
        text = (f"One process sees all {n_gpu} GPUs (local_world_size 1), so swift loads the model with device_map over "
                f"{n_gpu} GPUs, and DeepSpeed needs one GPU per process.")
        fix = (f"CUDA_VISIBLE_DEVICES=<{n_gpu} ids> NPROC_PER_NODE={n_gpu} swift sft ... --deepspeed ... (variables before the command).",
               f"Or torchrun --nproc_per_node={n_gpu} ...; or drop --deepspeed to use device_map model parallel on purpose.")
    else:
        text = (f"{lws} processes share {n_gpu} visible GPUs ({per} per process), so each process uses device_map model "
                "parallel, which DeepSpeed cannot wrap.")
        fix = (f"Match the counts: NPROC_PER_NODE={n_gpu} for {n_gpu} GPUs, or CUDA_VISIBLE_DEVICES with {lws} GPUs for {lws} processes.",)
    return Explanation(text=text, fix=fix, derived={"what": f"DeepSpeed with {per} GPUs per process (n_gpu {n_gpu}, local_world_size {lws})"})
