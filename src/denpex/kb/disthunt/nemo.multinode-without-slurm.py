"""Computed diagnosis for nemo.multinode-without-slurm."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ws = facts.get("world_size")
    world_text = f" (world of {ws} ranks expected)" if isinstance(ws, int) else ""
    text = ("trainer.num_nodes > 1 but Lightning is not using Slurm to place the ranks, so each node may number "
            "its processes from 0" + (f" and the {ws}-rank world never forms" if isinstance(ws, int) else "") + ".")
    fix = (
        "Launch one Slurm task per GPU: #SBATCH --nodes=<N> --ntasks-per-node=<G> --gpus-per-node=<G>, then srun python train.py trainer.num_nodes=<N> trainer.devices=<G>",
        "Check that SLURM_NTASKS == num_nodes x devices and the job is not an interactive 'bash' allocation.",
    )
    return Explanation(text=text, fix=fix, derived={"world_text": world_text})
