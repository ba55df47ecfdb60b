"""Computed diagnosis for torch.storage-not-resizable: say whether this was the DataLoader worker collate
case (unequal sample shapes) or a resize_ on borrowed memory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    worker = facts.get("worker_id")
    frame = facts.get("collate_frame")
    if worker is not None or frame:
        where = f"DataLoader worker process {worker}" if worker is not None else "the DataLoader collate step"
        text = (f"The failure is in {where}" + (f" ({frame})" if frame else "") + ": default_collate sized its shared-memory "
                "block from the samples it got and then shaped the batch after the first sample, which was larger than another "
                "sample of the same batch. The samples of this batch have different shapes.")
        fix = (
            "Run with num_workers=0 once: the error becomes 'stack expects each tensor to be equal size' and names the two shapes.",
            "Give every sample the same shape in __getitem__ (fixed Resize/Crop, pad to a fixed length), or pass a padding / list-returning collate_fn.",
        )
        return Explanation(text=text, fix=fix, derived={"what": f"unequal sample shapes in one batch, collated in {where}", "cause": "collate-unequal-shapes"})
    text = ("A tensor whose memory is not owned by PyTorch (from_numpy, frombuffer, a shared or mapped storage) was asked to grow "
            "by resize_ or an out= op.")
    fix = ("Clone the tensor before resizing it, or allocate a new tensor of the target size instead of calling resize_.",)
    return Explanation(text=text, fix=fix, derived={"what": "resize_ on a tensor with non-resizable (borrowed/shared) storage", "cause": "borrowed-storage"})
