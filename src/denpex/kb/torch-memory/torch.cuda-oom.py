"""Computed diagnosis for torch.cuda-oom: which term of the allocator snapshot made the request fail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNITS = {"bytes": 1, "b": 1, "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4, "pib": 1024**5}


def _size(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    parts = str(value).replace(",", "").split()
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]) * _UNITS[parts[1].lower()]
    except (ValueError, KeyError):
        return None


def _fmt(n: float) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n:.0f} bytes"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = _size(facts.get("tried_to_allocate"))
    if req is None:
        return None
    cap = _size(facts.get("total_capacity"))
    free = _size(facts.get("free"))
    alloc = _size(facts.get("allocated_by_pytorch"))
    if alloc is None:
        alloc = _size(facts.get("already_allocated"))
    unalloc = _size(facts.get("reserved_unallocated"))
    reserved_total = _size(facts.get("reserved_total"))
    if unalloc is None and reserved_total is not None and alloc is not None:
        unalloc = max(reserved_total - alloc, 0.0)
    proc = _size(facts.get("process_memory"))
    other = _size(facts.get("other_process_memory"))
    gpu = facts.get("device")
    where = f"GPU {gpu}" if gpu is not None else "the GPU"
    kind = facts.get("device_kind") or "CUDA"
    env = "PYTORCH_HIP_ALLOC_CONF" if kind == "HIP" else "PYTORCH_CUDA_ALLOC_CONF"

    derived: dict[str, Any] = {"requested_bytes": int(req)}
    parts: list[str] = []
    fix: list[str] = []

    # memory outside this process's PyTorch allocator
    outside = None
    if proc is None and other is not None and alloc is not None and other >= alloc + (unalloc or 0.0):
        # inside a container PyTorch cannot match its own PID and lists itself as "Process N"
        proc, other = other, None
        derived["listed_process_is_probably_self"] = True
    if cap is not None and free is not None:
        used = cap - free
        pytorch_held = (alloc or 0.0) + (unalloc or 0.0)
        if proc is not None:
            outside = max(used - proc, 0.0)
            derived["non_pytorch_in_process_bytes"] = int(max(proc - pytorch_held, 0.0))
        elif alloc is not None:
            outside = max(used - pytorch_held, 0.0)
        if other is not None:
            outside = max(outside or 0.0, other)
        if outside is not None:
            derived["held_outside_pytorch_bytes"] = int(outside)

    if cap is not None and req > cap:
        derived["cause"] = "request-exceeds-capacity"
        parts.append(
            f"One allocation of {_fmt(req)} was requested on {where}, whose total capacity is {_fmt(cap)}: "
            f"the single tensor is {req / cap:.1f}x the whole card, so no allocator setting or freed memory can satisfy it."
        )
        fix.append(
            f"Make that tensor at least {req / cap:.1f}x smaller: chunk the operation (slices of the batch, "
            "fused attention, chunked loss) or reduce batch size / resolution / sequence length accordingly."
        )
        fix.append("Or shard the computation over several GPUs (tensor/sequence parallelism) or offload it.")
    elif unalloc is not None and (unalloc >= req or (cap is not None and unalloc >= 0.2 * cap)):
        derived["cause"] = "fragmentation"
        parts.append(
            f"Fragmentation: PyTorch holds {_fmt(unalloc)} reserved but unallocated on {where}, "
            f"{'more than' if unalloc >= req else 'a large share of the card compared with'} the {_fmt(req)} requested, "
            "yet no cached block was large enough; the free space is split into pieces."
        )
        if free is not None:
            parts.append(f"The driver reports {_fmt(free)} free.")
        fix.append(f"export {env}=expandable_segments:True (PyTorch >= 2.1; older: max_split_size_mb:128) and rerun.")
        fix.append("Reduce shape variability (bucket/pad sequence lengths) so freed blocks can be reused.")
    else:
        derived["cause"] = "working-set-too-large"
        if free is not None:
            short = req - free
            parts.append(
                f"The request of {_fmt(req)} does not fit in the {_fmt(free)} free on {where}"
                + (f" (capacity {_fmt(cap)})" if cap is not None else "")
                + (f"; short by {_fmt(short)}." if short > 0 else ".")
            )
        else:
            parts.append(f"The request of {_fmt(req)} could not be satisfied on {where}.")
        if unalloc is not None:
            parts.append(
                f"Only {_fmt(unalloc)} is reserved but unallocated, so fragmentation is not the cause and expandable_segments will not help."
            )
        if alloc is not None:
            parts.append(f"Live PyTorch tensors take {_fmt(alloc)}.")
        if free is not None and free > 0 and req > free:
            factor = req / free
            derived["reduction_factor"] = round(factor, 2)
            fix.append(
                f"Cut the memory of the failing step by about {factor:.1f}x: e.g. per-device batch size x{1 / factor:.2f} "
                f"(keep the effective batch with gradient_accumulation_steps x{factor:.0f}), or shorter sequences / lower resolution."
            )
        elif free is not None and free == 0:
            fix.append("Nothing is free at all: reduce batch size substantially (e.g. halve it) and re-measure peak memory.")
        fix.append("Enable activation checkpointing, bf16/fp16 autocast, and shard or 8-bit the optimizer state (ZeRO/FSDP).")

    exact = proc is not None or other is not None
    threshold = max((0.1 if exact else 0.2) * (cap or 0.0), 1024**3)
    if outside is not None and cap is not None and outside >= threshold:
        derived["other_process_holds_memory"] = True
        who = f"process {facts.get('other_pid')}" if facts.get("other_pid") is not None else "memory outside PyTorch (another process, the CUDA context, library workspaces)"
        parts.append(f"{_fmt(outside)} of {where} is held by {who}.")
        fix.insert(0, f"Free {where}: find the holder with nvidia-smi --query-compute-apps=pid,used_memory --format=csv and stop it, or run on an idle GPU.")

    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
