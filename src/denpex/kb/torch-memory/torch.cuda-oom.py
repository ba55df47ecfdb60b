"""Computed diagnosis for torch.cuda-oom: which term of the allocator snapshot made the request fail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation

def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = parse_size(facts.get("tried_to_allocate"))
    if req is None:
        return None
    cap = parse_size(facts.get("total_capacity"))
    free = parse_size(facts.get("free"))
    alloc = parse_size(facts.get("allocated_by_pytorch"))
    if alloc is None:
        alloc = parse_size(facts.get("already_allocated"))
    unalloc = parse_size(facts.get("reserved_unallocated"))
    reserved_total = parse_size(facts.get("reserved_total"))
    if unalloc is None and reserved_total is not None and alloc is not None:
        unalloc = max(reserved_total - alloc, 0.0)
    proc = parse_size(facts.get("process_memory"))
    # PyTorch lists the processes on the GPU in the driver's order: another one may come before or
    # after "this process"
    other = parse_size(facts.get("other_process_memory") or facts.get("other_process_memory_after"))
    other_pid = facts.get("other_pid", facts.get("other_pid_after"))
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
        proc, other, other_pid = other, None, None
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

    exact = proc is not None or other is not None
    threshold = max((0.1 if exact else 0.2) * (cap or 0.0), 1024**3)
    elsewhere = outside is not None and cap is not None and outside >= threshold
    own = (alloc or 0.0) + (unalloc or 0.0)
    holder = f"process {other_pid}" if other_pid is not None else "memory outside PyTorch (another process, the CUDA context, library workspaces)"

    if cap is not None and req > cap:
        derived["cause"] = "request-exceeds-capacity"
        parts.append(
            f"One allocation of {fmt_bytes(req)} was requested on {where}, whose total capacity is {fmt_bytes(cap)}: "
            f"the single tensor is {req / cap:.1f}x the whole card, so no allocator setting or freed memory can satisfy it."
        )
        fix.append(
            f"Make that tensor at least {req / cap:.1f}x smaller: chunk the operation (slices of the batch, "
            "fused attention, chunked loss) or reduce batch size / resolution / sequence length accordingly."
        )
        fix.append("Or shard the computation over several GPUs (tensor/sequence parallelism) or offload it.")
    elif elsewhere and outside is not None and outside > own and (free is None or req <= free + outside):
        derived["cause"] = "memory-held-elsewhere"
        parts.append(
            f"{fmt_bytes(outside)} of {where} is held by {holder}, more than this process's own PyTorch tensors and cache"
            + (f" ({fmt_bytes(own)})" if alloc is not None else "")
            + f"; the {fmt_bytes(req)} request would fit if that memory were free"
            + (f" (only {fmt_bytes(free)} is free now)." if free is not None else ".")
        )
    elif unalloc is not None and (unalloc >= req or (cap is not None and unalloc >= 0.2 * cap)):
        derived["cause"] = "fragmentation"
        parts.append(
            f"Fragmentation: PyTorch holds {fmt_bytes(unalloc)} reserved but unallocated on {where}, "
            f"{'more than' if unalloc >= req else 'a large share of the card compared with'} the {fmt_bytes(req)} requested, "
            "yet no cached block was large enough; the free space is split into pieces."
        )
        if free is not None:
            parts.append(f"The driver reports {fmt_bytes(free)} free.")
        fix.append(f"export {env}=expandable_segments:True (PyTorch >= 2.1; older: max_split_size_mb:128) and rerun.")
        fix.append("Reduce shape variability (bucket/pad sequence lengths) so freed blocks can be reused.")
    else:
        derived["cause"] = "working-set-too-large"
        if free is not None:
            short = req - free
            parts.append(
                f"The request of {fmt_bytes(req)} does not fit in the {fmt_bytes(free)} free on {where}"
                + (f" (capacity {fmt_bytes(cap)})" if cap is not None else "")
                + (f"; short by {fmt_bytes(short)}." if short > 0 else ".")
            )
        else:
            parts.append(f"The request of {fmt_bytes(req)} could not be satisfied on {where}.")
        if unalloc is not None:
            parts.append(
                f"Only {fmt_bytes(unalloc)} is reserved but unallocated, so fragmentation is not the cause and expandable_segments will not help."
            )
        if alloc is not None:
            parts.append(f"Live PyTorch tensors take {fmt_bytes(alloc)}.")
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

    if elsewhere and outside is not None:
        derived["other_process_holds_memory"] = True
        if derived["cause"] != "memory-held-elsewhere":
            parts.append(f"{fmt_bytes(outside)} of {where} is held by {holder}.")
        fix.insert(0, f"Free {where}: find the holder with nvidia-smi --query-compute-apps=pid,used_memory --format=csv and stop it, or run on an idle GPU.")

    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
