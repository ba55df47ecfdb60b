"""Computed diagnosis for megatron.parallel-size-mismatch: grid arithmetic and launchable world sizes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "nanotron-gpus-per-model":
        return Explanation(
            text="nanotron: the launched process count is not a multiple of tp x pp from the YAML parallelism section.",
            fix=("Launch a multiple of parallelism.tp x parallelism.pp processes, or change tp/pp so their product divides the GPU count.",),
            derived={},
        )
    world = facts.get("world_size")
    if world is None:
        return None
    if sig == "nanotron-replicas":
        req = facts.get("required")
        if req is None:
            return None
        text = (f"nanotron needs exactly dp x tp x pp = {req} processes (parallelism section of the YAML config), but "
                f"{world} were launched; unlike Megatron, nanotron requires equality, not just divisibility.")
        fix = [f"Launch {req} processes: torchrun --nproc_per_node={min(req, 8)} --nnodes={max(1, -(-req // 8))} run_train.py --config-file <config>.",
               f"Or set parallelism.dp / tp / pp so that dp x tp x pp = {world} (e.g. dp={world} with tp=pp=1)."]
        if world < req:
            fix.append("Check CUDA_VISIBLE_DEVICES and --nproc_per_node: fewer processes started than the config expects.")
        return Explanation(text=text, fix=tuple(fix), derived={"model_size": req})
    tp, pp, cp = facts.get("tp"), facts.get("pp"), facts.get("cp")
    enc_pp = facts.get("enc_pp") or 0
    size = facts.get("model_size") or facts.get("expert_size")
    parts: list[str] = []
    if sig == "args-legacy":
        parts.append(f"(This old assertion prints the world size ({world}) and TP ({tp}) in the brackets, not TP and PP.)")
        size = None
    elif size is None and tp is not None and pp is not None:
        size = tp * (pp + enc_pp) * (cp or 1)
    if not size:
        return Explanation(text=" ".join(parts + [f"{world} launched processes do not fill whole model copies."]),
                           fix=("Check TP x PP x CP against the number of launched processes.",), derived={})
    grid = "expert TP x EP x PP" if sig == "core-expert" else "TP x PP x CP"
    derived: dict[str, Any] = {"model_size": size, "valid_world_sizes": [size * k for k in range(1, 5)]}
    parts.append(f"{grid} = {size} GPUs per model copy, but {world} process(es) were launched; {world} / {size} is not whole.")
    fix: list[str] = []
    if sig == "neox-calculate-derived":
        parts.append("GPT-NeoX counts the GPUs from the hostfile / num_gpus (or the GPUs visible on this node) and divides them by pipe-parallel-size x model-parallel-size from the YAML configs.")
    if world < size:
        parts.append(f"The launch has fewer processes than one model copy needs.")
        fix.append(f"Launch {size} processes (or a multiple: {', '.join(str(size * k) for k in range(1, 4))}), e.g. torchrun --nproc_per_node={min(size, 8)} --nnodes={max(1, -(-size // 8))}.")
        if sig == "neox-calculate-derived":
            fix.append(f"GPT-NeoX: run on {size} GPUs (hostfile slots / num_gpus), or lower pipe-parallel-size and model-parallel-size in the YAML so that their product divides {world}.")
        if world == 1:
            fix.append("world_size 1 means a single process: use torchrun / srun --ntasks-per-node=<GPUs> / NeMo trainer.devices=<GPUs> instead of plain python.")
    else:
        lower = (world // size) * size
        fix.append(f"Launch a multiple of {size} processes (e.g. {lower or size} or {lower + size}) instead of {world}.")
    divisors = [d for d in range(1, world + 1) if world % d == 0 and d <= size]
    if divisors:
        best = max(divisors)
        fix.append(f"Or shrink the layout so its product divides {world}: e.g. product {best} (data parallel {world // best}).")
        derived["largest_fitting_model_size"] = best
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
