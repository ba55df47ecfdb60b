"""Computed diagnosis for slurm.mutually-exclusive-options: which conflict, and the unset/fix line for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MEM_VARS = "-u SLURM_MEM_PER_CPU -u SLURM_MEM_PER_NODE -u SLURM_MEM_PER_GPU"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    tool = str(facts.get("tool") or "") or ("sbatch" if sig == "cli-mem-options" else "srun")
    if sig == "srun-mem-env":
        text = (f"{tool} found more than one memory request among SLURM_MEM_PER_NODE, SLURM_MEM_PER_CPU and "
                "SLURM_MEM_PER_GPU. These variables are inherited from the surrounding allocation: this "
                f"{tool} ran inside a job whose memory form differs from the one it was given now.")
        fix = (f"env {_MEM_VARS} {tool} ...  # clear the inherited forms before the nested call",
               "Or use the same form as the outer job (both --mem-per-cpu, or both --mem).")
        kind = "inherited memory variables"
    elif sig == "cli-mem-options":
        text = (f"{tool} was given --mem together with --mem-per-cpu or --mem-per-gpu (on the command line, in #SBATCH "
                "lines, in SBATCH_MEM*/SALLOC_MEM* variables, or in flags a workflow tool generated).")
        fix = ("Keep exactly one of --mem, --mem-per-cpu, --mem-per-gpu; remove the other from the script or the tool's extra options.",
               "env | grep -E '^(SBATCH|SALLOC)_MEM'  # and unset any inherited one")
        kind = "two memory flags"
    elif sig == "tres-per-task-ntasks-per-gpu":
        text = ("srun inherited SLURM_TRES_PER_TASK (how recent Slurm passes --cpus-per-task into steps) and was also asked "
                "for --ntasks-per-gpu; the two cannot be combined.")
        fix = ("Drop --ntasks-per-gpu from the inner srun (use --gpus-per-task or --gres), or: env -u SLURM_TRES_PER_TASK srun ...",)
        kind = "tres-per-task vs ntasks-per-gpu"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"conflict_kind": kind})
