"""Computed diagnosis for lightning.slurm-task-layout: the sbatch lines and Trainer arguments that agree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int as _int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "ntasks-unsupported":
        n = _int(facts.get("ntasks"))
        if n is None:
            return None
        return Explanation(
            text=(f"The job asks for --ntasks={n} (a total) without --ntasks-per-node, so Lightning cannot tell how many "
                  "of the tasks run on each node."),
            fix=(f"One node: #SBATCH --nodes=1 --ntasks-per-node={n} --gpus-per-node={n} and Trainer(devices={n}, num_nodes=1).",
                 f"M nodes: #SBATCH --nodes=M --ntasks-per-node={n}/M and Trainer(devices={n}/M, num_nodes=M); launch with srun python ..."),
            derived={"layout": f"--ntasks={n} without --ntasks-per-node"},
        )
    if sig == "devices-mismatch":
        d, t = _int(facts.get("devices")), _int(facts.get("ntasks_per_node"))
        if d is None or t is None:
            return None
        text = f"Trainer(devices={d}) but Slurm starts {t} task(s) per node (--ntasks-per-node={t})."
        if t == 1 and d > 1:
            text += " One task per node is the torchrun layout; Lightning needs one Slurm task per GPU."
        return Explanation(
            text=text,
            fix=(f"To use {d} GPUs per node: #SBATCH --ntasks-per-node={d} --gpus-per-node={d} (keep devices={d}).",
                 f"Or keep the allocation and set Trainer(devices={t})."),
            derived={"layout": f"devices={d} vs --ntasks-per-node={t}"},
        )
    if sig == "nodes-mismatch":
        n, s = _int(facts.get("num_nodes")), _int(facts.get("slurm_nodes"))
        if n is None or s is None:
            return None
        return Explanation(
            text=f"Trainer(num_nodes={n}) but the allocation has {s} node(s) (--nodes={s}).",
            fix=(f"Set Trainer(num_nodes={s}) (e.g. num_nodes=int(os.environ['SLURM_NNODES'])), or request #SBATCH --nodes={n}.",),
            derived={"layout": f"num_nodes={n} vs --nodes={s}"},
        )
    if sig == "srun-not-used":
        return Explanation(
            text=("srun is installed but the script was started without it, so Lightning is not using the Slurm environment "
                  "and starts its own processes (often a hang at 'Initializing distributed' or a single-GPU run on multi-node jobs)."),
            fix=("In the batch script: srun python train.py ... with --ntasks-per-node equal to devices.",),
            derived={"layout": "srun not used"},
        )
    return None
