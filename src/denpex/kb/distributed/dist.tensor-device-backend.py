"""Computed diagnosis for dist.tensor-device-backend: which device/layout problem, where, and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VENDOR = {"npu": "hccl", "xpu": "xccl", "hpu": "hccl (Habana)", "mlu": "cncl", "musa": "mccl"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = str(facts.get("device_type") or "")
    problem = str(facts.get("problem") or "")
    coll = facts.get("collective")
    obj = facts.get("object_collective")
    ddp = facts.get("ddp_init")
    if not (dev or problem):
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    where = f"dist.{obj or coll}" if (obj or coll) else "a collective"
    if ddp:
        where = "DistributedDataParallel's initial parameter broadcast"
    if "contiguous" in problem:
        derived["what"] = f"call .contiguous() on the tensor passed to {where}: it is a non-contiguous view"
        parts.append(f"{where} got a non-contiguous tensor (a transpose, expand or strided slice); collectives work on flat memory.")
        fix.append("Pass t.contiguous() (and allocate output lists with torch.empty_like(t.contiguous())).")
    elif dev in ("cpu",) or "CUDA and dense" in problem:
        derived["what"] = f"move the tensor to this rank's GPU: {where} got a CPU tensor on an NCCL group" if dev == "cpu" else f"move the tensor to this rank's GPU (dense): {where} got a CPU or sparse tensor on an NCCL group"
        if ddp:
            parts.append("DDP broadcasts rank 0's parameters and buffers when it is constructed; some of them are still on the CPU.")
            fix.append("model.to(local_rank) before DDP(model, device_ids=[local_rank]); check buffers registered later or created in __init__ on CPU.")
        elif obj:
            parts.append(f"{obj} pickles the object into a byte tensor and stages it on torch.cuda.current_device() for NCCL; the current device was not set for this rank (or a CPU path was taken).")
            fix.append("Call torch.cuda.set_device(local_rank) right after init_process_group, or run object collectives on a gloo group.")
        else:
            parts.append(f"{where} received a tensor on the CPU, but the process group only has an NCCL backend, which handles CUDA tensors.")
            fix.append("Create or move the tensor on this rank's GPU: t = t.to(torch.device('cuda', local_rank)).")
        fix.append("Or give the group a CPU backend too: dist.init_process_group('cpu:gloo,cuda:nccl').")
    elif dev == "cuda":
        derived["what"] = f"{where} got a CUDA tensor but the group has no CUDA backend: use an NCCL group (or 'cpu:gloo,cuda:nccl')"
        parts.append(f"{where} received a CUDA tensor on a group created without a CUDA backend (e.g. a CPU-only gloo/mpi group).")
        fix.append("Pass the NCCL group for GPU tensors, or move the tensor to the CPU for the CPU group.")
    elif dev == "meta":
        derived["what"] = f"materialise the parameters before {where}: the tensor is on the meta device"
        parts.append("The tensor lives on the meta device (no storage): the model was created with init on meta and not materialised (to_empty / FSDP param_init_fn) before the collective.")
        fix.append("Materialise meta parameters (model.to_empty(device=...) and initialise, or let FSDP do it with param_init_fn / sync_module_states) before collectives.")
    elif dev:
        vendor = _VENDOR.get(dev)
        derived["what"] = f"create the process group with the {dev} backend{' (' + vendor + ')' if vendor else ''}: no backend for device type {dev}"
        parts.append(f"The tensor is on '{dev}', but the process group was created with a backend that does not serve that device.")
        fix.append(f"init_process_group(backend='{vendor.split()[0] if vendor else '<device backend>'}') (or the framework's option for {dev}), not nccl/gloo.")
    else:
        return None
    if coll and not obj and not ddp:
        derived["failing_collective"] = coll
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
