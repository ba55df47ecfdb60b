"""Computed diagnosis for slurm.task-layout-failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    node = str(facts.get("node") or "")
    step = str(facts.get("step") or "")
    bind = str(facts.get("bind_type") or "")
    mask = str(facts.get("cpu_mask") or "")
    if sig == "binding-outside-allocation":
        text = (f"The requested CPU binding names CPUs the step does not own (step CPUs: {mask or '?'}): "
                "an explicit --cpu-bind map/mask or an inherited SLURM_CPU_BIND.")
        fix = ("Drop the explicit map or use srun --cpu-bind=none (unset SLURM_CPU_BIND inside nested steps).",)
        return Explanation(text=text, fix=fix, derived={"node": node or "the node"})
    parts = []
    if step:
        parts.append(f"Step {step}" + (f" on {node}" if node else "") + " could not be placed on its CPUs.")
    if bind:
        parts.append(f"Binding in use: {bind}" + (" (one task per hardware thread: CPU counts are threads)" if "threads" in bind else "") + ".")
    if not parts:
        parts.append("srun could not place the step's tasks on the CPUs it was given.")
    fix = ("srun --ntasks-per-node=<n> --cpus-per-task=$SLURM_CPUS_PER_TASK ... (Slurm 22.05+: srun does not inherit sbatch's -c; or export SRUN_CPUS_PER_TASK)",
           "Concurrent steps: add --exact; hyper-threaded nodes: --threads-per-core=1 on sbatch and srun",
           "If it only happens under load, resubmit and report the node to the admins.")
    return Explanation(text=" ".join(parts), fix=fix, derived={"node": node or "the node"})
