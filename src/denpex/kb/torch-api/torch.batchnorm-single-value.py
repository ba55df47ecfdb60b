"""Computed diagnosis for torch.batchnorm-single-value: which kind of size-1 batch reached BatchNorm."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("input_size")
    if raw is None:
        return None
    dims = [int(x) for x in re.findall(r"\d+", str(raw))]
    if len(dims) < 2:
        return None
    n, c, spatial = dims[0], dims[1], dims[2:]
    derived: dict[str, Any] = {"batch": n, "channels": c, "spatial": spatial}
    fix: list[str] = []
    if spatial and all(s == 1 for s in spatial):
        derived["kind"] = "pooled-branch"
        text = (
            f"The BatchNorm input is {dims}: batch {n} with a {'x'.join(map(str, spatial))} spatial map, i.e. a layer after "
            f"global pooling (ASPP image pooling, SE block, pooled head) with one sample on this device. If only the last batch "
            f"of the epoch is that small, drop_last=True fixes it; if the per-device batch size is 1, every step fails and "
            f"drop_last does not help."
        )
        fix.append("Last batch of the epoch: DataLoader(..., drop_last=True).")
        fix.append("Per-device batch of 1: train with at least 2 samples per GPU (with DataParallel/DDP the batch is split across devices).")
        fix.append("If batch 1 is required, use GroupNorm in that branch or freeze its BatchNorm (eval() + requires_grad_(False)).")
    elif not spatial:
        derived["kind"] = "last-batch"
        text = (
            f"The BatchNorm1d input is {dims}: a single sample with {c} features. With a batch size above 1 this is the "
            "last, incomplete batch of the epoch (len(dataset) % batch_size == 1), or an inference call in train() mode."
        )
        fix.append("DataLoader(..., drop_last=True) for training, or a batch size that does not leave a remainder of 1.")
        fix.append("For evaluation/inference call model.eval() first.")
    else:
        derived["kind"] = "tiny-input"
        text = f"The BatchNorm input is {dims}: batch x spatial size gives only one value per channel."
        fix.append("Increase the batch size or input resolution, or use GroupNorm / eval-mode BatchNorm for this layer.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
