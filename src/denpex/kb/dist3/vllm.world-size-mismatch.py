"""Computed diagnosis for vllm.world-size-mismatch: engines per world."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    world, tp, pp = facts.get("world_size"), facts.get("tp"), facts.get("pp")
    if world is None or tp is None or pp is None:
        return None
    engine = tp * pp
    derived: dict[str, Any] = {"engine_size": engine}
    fix: list[str] = []
    if engine and world % engine == 0 and world > engine:
        copies = world // engine
        derived["engines_in_world"] = copies
        text = (f"The world has {world} processes but one engine needs {engine} (TP {tp} x PP {pp}): {copies} engine copies were "
                "started inside one torch.distributed world (torchrun/accelerate launched the script, or a trainer initialised "
                "distributed over all GPUs).")
        fix.append(f"Run the script with plain python and tensor_parallel_size={tp}; vLLM spawns its own {engine} worker(s).")
        fix.append(f"Or keep torchrun and use distributed_executor_backend='external_launcher' (data-parallel size {copies}) on a vLLM version that has it.")
    else:
        text = f"TP {tp} x PP {pp} = {engine} does not match the {world} launched processes."
        fix.append(f"Launch exactly {engine} processes for one engine, or set TP x PP = {world}.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
