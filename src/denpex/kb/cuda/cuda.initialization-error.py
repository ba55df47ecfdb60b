"""Computed diagnosis for cuda.initialization-error: fork case (a DataLoader worker) or start-up/driver case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    worker = facts.get("worker")
    if worker:
        return Explanation(
            text=(
                f"The error was raised in {worker}: a forked DataLoader worker used CUDA after the parent process had "
                "initialised it, and a forked child cannot use the inherited CUDA state."
            ),
            fix=(
                "Return CPU tensors from the Dataset/collate_fn (no .cuda()/.to('cuda'), no CUDA default tensor type) "
                "and move each batch with .to(device, non_blocking=True) in the training loop.",
                "Or give the loader a fresh interpreter per worker: DataLoader(..., multiprocessing_context='spawn').",
            ),
            derived={"case": "fork"},
        )
    return Explanation(
        text=(
            "No forked worker is named, so treat it as a start-up failure: the CUDA driver could not initialise a GPU for "
            "this process (or, if the code uses multiprocessing, a forked child touched CUDA)."
        ),
        fix=(
            "Run nvidia-smi and dmesg | grep -iE 'NVRM|Xid|API mismatch' in the same environment; after a driver upgrade, reboot.",
            "If the code forks workers (multiprocessing, Celery, DataLoader), start them with the 'spawn' method.",
            "With several GPUs, bisect CUDA_VISIBLE_DEVICES to find one the driver cannot bring up, and drain that node.",
        ),
        derived={"case": "start-up-or-unknown"},
    )
