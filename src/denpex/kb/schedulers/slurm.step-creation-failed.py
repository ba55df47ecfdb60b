"""Computed diagnosis for slurm.step-creation-failed: which resource of the step does not fit the job."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# reason prefix (slurm_errno.c text) -> (meaning, fix lines)
_REASONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("More processors requested than permitted",
     "the step asks for more CPUs (tasks x cpus-per-task) than job {job} holds",
     ("scontrol show job {job} | grep -E 'NumCPUs|NumNodes|TRES'  # CPUs the job holds",
      "Make the step fit: srun -n <tasks> -c <cpus> with tasks x cpus <= the job's CPUs; on Slurm 22.05+ add 'export SRUN_CPUS_PER_TASK=$SLURM_CPUS_PER_TASK' after the #SBATCH lines",
      "If a site reserves cores (core specialization), use one core fewer per task (e.g. -c 7 instead of -c 8)")),
    ("Memory required by task is not available",
     "the step's memory request is more than job {job} has free on its nodes (another step holds it, or SLURM_MEM_PER_CPU / SLURM_MEM_PER_NODE inherited from elsewhere asks for too much)",
     ("env | grep -E '^SLURM_MEM_PER_(CPU|NODE)'  # inherited memory request",
      "Give the step an explicit --mem / --mem-per-cpu within the job's memory, or unset the inherited SLURM_MEM_PER_* variables",
      "Parallel steps: srun --exact --mem=<m> per step, and request enough --mem for the job")),
    ("Job/step already completing or completed",
     "job {job} had already ended (time limit, scancel, node failure, or the batch script exited) when srun tried to start its step",
     ("sacct -j {job} -o JobID,State,ExitCode,Elapsed,Timelimit  # why the job ended",
      "Fix what ended the job (see the lines above this one); wait for background sruns before the script exits")),
    ("Requested node configuration is not available",
     "the step asks for nodes, GPUs or a node list that job {job} does not contain",
     ("scontrol show job {job} | grep -E 'NodeList|TRES'  # nodes and GPUs of the job",
      "Request at most the job's nodes/GPUs per step; use the short node names from $SLURM_JOB_NODELIST in -w")),
    ("Invalid generic resource (gres) specification",
     "the step's --gres / --gpus asks for GPUs (or a GPU type) job {job} was not given",
     ("scontrol show job {job} | grep -i tres  # GPUs the job holds",
      "Ask the step for at most the job's GPUs per node (or drop --gres on srun so it inherits the job's)")),
    ("Requested nodes are busy",
     "every CPU/GPU of job {job} is held by steps that are still running",
     ("squeue -s -j {job}  # steps running in the job",
      "srun --exact (or --overlap) for parallel steps, or wait for the previous step")),
    ("Invalid job id specified",
     "job {job} does not exist (a stale SLURM_JOB_ID in the shell, or the job was purged)",
     ("echo $SLURM_JOB_ID; squeue -j {job}",
      "Run srun inside a live allocation, or unset SLURM_JOB_ID / SLURM_JOBID in a shell that inherited them")),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    job = facts.get("job_id")
    jtxt = str(job) if job is not None else "$SLURM_JOB_ID"
    retry = facts.get("retry_reason")
    for prefix, meaning, fixes in _REASONS:
        if reason.lower().startswith(prefix.lower()):
            text = f"srun did not start: {meaning.format(job=jtxt)}. The allocation is fine; the step request is not."
            if retry:
                text += f" srun had been retrying before giving up ({retry})."
            return Explanation(
                text=text,
                fix=tuple(f.format(job=jtxt) for f in fixes),
                derived={"reason_class": prefix},
            )
    return Explanation(
        text=f"srun did not start: slurmctld refused a step in job {jtxt} with '{reason}'.",
        fix=(f"scontrol show job {jtxt}  # compare the job's CPUs, memory, GPUs and nodes with the srun options",),
    )
