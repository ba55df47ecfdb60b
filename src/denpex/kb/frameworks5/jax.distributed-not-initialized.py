"""Computed diagnosis for jax.distributed-not-initialized: which ordering mistake and where to put initialize()."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "orbax-not-available":
        problem, hint = "not initialised (needed by orbax)", "call jax.distributed.initialize() at program start"
        text = ("orbax needed the JAX coordination service for a cross-host barrier (checkpoint save/finalize/restore) but this process "
                "never ran jax.distributed.initialize(). On a TPU pod the devices can look complete without it, so the job runs "
                "until the first checkpoint. Recent orbax versions need it even for synchronous checkpointers.")
        fix = ("Add jax.distributed.initialize() as the first JAX call of the program on every host (no arguments on Cloud TPU, "
               "SLURM or Open MPI; otherwise coordinator_address=..., num_processes=..., process_id=...).",
               "MaxText: keep the distributed system enabled for checkpointing runs (skip_jax_distributed_system=false, or upgrade: "
               "it now initialises for any checkpointer); t5x/Flax loops: initialise before creating the CheckpointManager.",
               "Single-host debugging on several processes: either run one process, or initialise jax.distributed there too.")
    elif sig == "initialize-too-late":
        problem, hint = "initialised too late", "move jax.distributed.initialize() before every other JAX call"
        text = ("jax.distributed.initialize() ran after the XLA backend had already been created - by a computation, but also by "
                "jax.devices(), jax.process_count(), jax.default_backend(), a jax.random key, a module-level jnp constant, or "
                "unpickling a jax.Array. The backend must be built after the processes have joined the coordination service.")
        fix = ("Call jax.distributed.initialize() immediately after import jax in the entry point, before importing modules that "
               "run JAX at import time.",
               "Find the early call: move module-level jnp/jax.devices() into functions (use numpy for constants); decide about "
               "multi-host from environment variables, not from jax.process_count().",
               "If a framework (Levanter, MaxText, iris) initialises itself, remove your own call, or make yours first and guard theirs "
               "with jax.distributed.is_initialized().")
    elif sig == "initialize-twice":
        problem, hint = "initialised twice", "guard with jax.distributed.is_initialized()"
        text = ("jax.distributed.initialize() was called a second time in the same process: your code and a framework both "
                "initialise, or several trainings run in one Python process.")
        fix = ("Guard the call: if not jax.distributed.is_initialized(): jax.distributed.initialize().",
               "Run one training per process (submit one job per trial) instead of looping over trainings in one interpreter.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem, "hint": hint})
