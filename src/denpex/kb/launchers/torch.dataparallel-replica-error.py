"""Computed diagnosis for torch.dataparallel-replica-error: name the replica's own exception and what it usually means under DataParallel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    outer = facts.get("inner_type")
    if outer is None:
        return None
    replica, device = facts.get("replica"), facts.get("device")
    exc = facts.get("inner_exc") or outer
    msg = str(facts.get("inner_message") or "").strip()
    derived: dict[str, Any] = {"inner_msg": f" ({exc}: {msg[:120]})" if msg else ""}
    parts = [f"The forward of DataParallel replica {replica} on GPU {device} raised {exc}; DataParallel re-raised it in the main thread as 'Caught {outer} in replica {replica} on device {device}.'"]
    fix: list[str] = []
    low = msg.lower()
    if "out of memory" in low:
        parts.append(f"It is CUDA out of memory on GPU {device}" + (": under DataParallel GPU 0 also holds the gathered outputs and optimizer state, so it fills up first." if str(device) == "0" else "."))
        fix.append("Lower the per-device batch size, or switch to DDP (torchrun --nproc_per_node=N / accelerate launch), which keeps each GPU's memory to its own share.")
    elif "same device" in low or "device" in low and "expected" in low:
        parts.append("A device mismatch under DataParallel usually means the forward creates or keeps a tensor on a fixed GPU (.cuda(), .to('cuda:0'), an unregistered tensor attribute) instead of the input's device.")
        fix.append("Create tensors with device=input.device, and register fixed tensors with self.register_buffer so they are replicated.")
    elif exc == "StopIteration":
        parts.append("StopIteration from next(self.parameters()) in forward: DataParallel replicas expose no parameters (PyTorch >= 1.5); take the dtype/device from an input instead.")
    elif msg:
        parts.append(f"The replica's own error, at the end of the Original Traceback: {exc}: {msg[:300]}.")
    else:
        parts.append("The replica's own error is at the end of the 'Original Traceback (most recent call last):' printed under that line.")
    fix.append("To see it without the wrapper: CUDA_VISIBLE_DEVICES=0 python <script> <same args> (a single GPU, no DataParallel).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
