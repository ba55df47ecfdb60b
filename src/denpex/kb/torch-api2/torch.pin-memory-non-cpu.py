"""Computed diagnosis for torch.pin-memory-non-cpu: GPU vs sparse tensors in the pinned batch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("tensor_type") or "")
    if "sparse" in t:
        return Explanation(
            text=f"The batch holds sparse tensors ({t}); pinning only works for dense CPU tensors.",
            fix=("Densify in collate_fn (x.to_dense()) or use DataLoader(pin_memory=False).",),
            derived={"what": f"DataLoader pin_memory got a sparse tensor ({t})", "cause": "sparse"},
        )
    if "cuda" in t:
        return Explanation(
            text=f"The batch holds GPU tensors ({t}): the dataset, collate_fn or a global CUDA default device put them on the GPU before the DataLoader's pin-memory step.",
            fix=(
                "Return CPU tensors from the dataset/collate_fn and move batches in the loop: batch = batch.to(device, non_blocking=True).",
                "If the data must stay on the GPU: pin_memory=False (Lightning/HF Trainer: dataloader_pin_memory=False) and num_workers=0.",
            ),
            derived={"what": f"DataLoader pin_memory got GPU tensors ({t}): keep the dataset on the CPU or set pin_memory=False", "cause": "gpu-tensors"},
        )
    return None
