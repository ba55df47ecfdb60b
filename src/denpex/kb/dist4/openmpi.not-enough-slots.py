"""Computed diagnosis for openmpi.not-enough-slots: the ways to fit N processes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("requested_slots")
    if not isinstance(n, int):
        return None
    text = (
        f"mpirun was asked for {n} process{'es' if n != 1 else ''} but knows fewer than {n} slots "
        "(physical cores of this machine, hostfile slots=, --host :N, or the scheduler's allocation), so it started nothing."
    )
    fix = [
        f"Check what it sees: mpirun --display-allocation -np 1 hostname (and nproc / lscpu for the core count).",
        f"Allow it: mpirun --oversubscribe -np {n} ... (or --use-hwthread-cpus when {n} fits the hardware threads).",
        f"Or declare {n} slots: a hostfile line '<host> slots={n}' or -H <host>:{n}; under Slurm request --ntasks={n}.",
    ]
    if n <= 1:
        text += " Even one slot was not available: the allocation or hostfile gives this node zero slots."
    return Explanation(text=text, fix=tuple(fix), derived={"requested_slots": n})
