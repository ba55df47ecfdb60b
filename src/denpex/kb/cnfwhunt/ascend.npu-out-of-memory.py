"""Computed diagnosis for ascend.npu-out-of-memory: compare the request with capacity, free and cache."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _gib(n: float) -> str:
    return f"{n / 2**30:.2f} GiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    tried = facts.get("tried_to_allocate")
    if sig == "torch-npu-tried-to-allocate-short" and tried in (None, "more than 1EB"):
        return Explanation(
            text=("The allocator was asked for more than 1 EB: the size comes from a corrupted shape or value "
                  "(overflow, uninitialised or garbage tensor), not from a real memory shortage."),
            fix=("Print the shapes/values feeding the failing op (e.g. sequence lengths read from labels) and fix the one that is garbage; "
                 "compare with the pure-PyTorch path if a custom NPU kernel is involved.",),
            derived={"diagnosis": "corrupted allocation size"})
    if sig == "ge-memory-allocation-failure" or sig == "mindspore-alloc-failed":
        size = facts.get("alloc_size")
        kernel = facts.get("kernel")
        where = f" for {kernel}" if kernel else ""
        if isinstance(size, int) and size > 0:
            text = f"A device allocation of {_gib(size)}{where} failed: the NPU's HBM is exhausted at this step."
        else:
            text = f"A device allocation{where} failed: the NPU's HBM is exhausted at this step."
        return Explanation(text=text,
                           fix=("Check npu-smi info for other processes; reduce batch/resolution/sequence length; "
                                "for MindSpore lower the batch or raise max_device_memory only if the card has more HBM free.",),
                           derived={"diagnosis": "device allocation failed"})
    try:
        need = float(tried)
        total = float(facts["total_capacity"])
        free = float(facts["free"])
    except (KeyError, TypeError, ValueError):
        return None
    alloc = facts.get("already_allocated")
    reserved = facts.get("reserved_total")
    dev = facts.get("device")
    nd = f"NPU {dev}" if dev is not None else "the NPU"
    fix: list[str] = []
    if need > total:
        diagnosis = "single request larger than the card"
        text = (f"One tensor of {_gib(need)} is larger than the whole {nd} ({_gib(total)}): no setting can make it fit. "
                "A single op materialises a huge intermediate (math attention over a long sequence, big video/image latents).")
        fix.append("Use the fused NPU attention (torch_npu.npu_fusion_attention / the model's NPU flash-attention option) or chunk the op; shrink the input.")
    elif need > free + (float(reserved) - float(alloc) if (reserved is not None and alloc is not None) else 0) and need > 0.4 * total:
        diagnosis = "request larger than free memory"
        text = (f"{nd} has {_gib(free)} free of {_gib(total)} and the step asked for {_gib(need)} at once "
                f"({need / total:.0%} of the card).")
        fix.append("Reduce batch size / sequence length / resolution, or split the model over more NPUs.")
    else:
        used = float(alloc) if alloc is not None else total - free
        diagnosis = "card full"
        text = (f"{nd} is full: {_gib(used)} of {_gib(total)} already allocated, {_gib(free)} free, "
                f"and {_gib(need)} more was requested.")
        fix.append("Lower the batch size or max sequence length; for vllm-ascend lower --gpu-memory-utilization / --max-model-len or raise tensor parallelism.")
        if reserved is not None and alloc is not None and float(reserved) - float(alloc) > max(need, 0.05 * total):
            fix.append(f"{_gib(float(reserved) - float(alloc))} is cached but unused (fragmentation): export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True.")
    fix.append("Run npu-smi info to see whether another process holds memory on this NPU.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
