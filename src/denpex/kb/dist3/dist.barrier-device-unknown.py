"""Computed diagnosis for dist.barrier-device-unknown: the guessed GPU for this rank."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    rank, gpu = facts.get("rank"), facts.get("gpu")
    if rank is None or gpu is None:
        return None
    derived: dict[str, Any] = {"guessed_gpu": gpu}
    if rank != gpu:
        text = (f"Rank {rank} guessed GPU {gpu} (rank modulo the visible GPU count): the usual multi-node mapping, correct only "
                f"if local rank {gpu} on this node really owns GPU {gpu}.")
    else:
        text = f"Rank {rank} guessed GPU {gpu}; with one process per GPU and set_device(local_rank) this is the right device."
    fix = ("torch.cuda.set_device(local_rank); dist.init_process_group('nccl', device_id=torch.device('cuda', local_rank))",
           "or dist.barrier(device_ids=[local_rank])")
    return Explanation(text=text, fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
