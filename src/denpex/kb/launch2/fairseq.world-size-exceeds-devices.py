"""Computed diagnosis for fairseq.world-size-exceeds-devices: no GPU visible vs a multi-node config."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n = int(facts["world_size"])
        m = int(facts["available_devices"])
    except (KeyError, TypeError, ValueError):
        return None
    if m <= 0:
        return Explanation(
            text=(f"The config asks for {n} processes but this process sees no GPU at all: "
                  "CPU-only PyTorch, no GPU bound to the Slurm task, or an empty CUDA_VISIBLE_DEVICES."),
            fix=("Check python -c 'import torch; print(torch.cuda.is_available())' inside the job.",
                 "Request GPUs for the task (#SBATCH --gres=gpu:N or --gpus-per-node=N) and install a CUDA build of PyTorch.",
                 f"Then either run on {n} local GPUs or launch multi-node with distributed_training.distributed_port=12345 under srun."),
            derived={"cause": "no GPU visible"},
        )
    if n <= m:
        return None
    nodes = -(-n // m)
    factor_txt = f"{n}/{m}" if n % m else str(n // m)
    return Explanation(
        text=(f"The config is sized for {n} GPUs but fairseq fell back to a single-node launch with {m} GPU(s) here "
              f"({nodes} nodes of {m} would be needed)."),
        fix=(f"One node: distributed_training.distributed_world_size={m} and optimization.update_freq multiplied by {factor_txt} "
             "to keep the effective batch.",
             f"{nodes} nodes under Slurm: srun -N {nodes} --ntasks-per-node=1 --gres=gpu:{m} fairseq-hydra-train ... "
             "distributed_training.distributed_port=12345.",
             f"Or torchrun --nnodes={nodes} --nproc_per_node={m} --rdzv_endpoint=HOST:PORT $(which fairseq-hydra-train) ..."),
        derived={"cause": "multi-node config on one node", "nodes_needed": nodes},
    )
