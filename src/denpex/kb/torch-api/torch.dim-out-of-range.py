"""Computed diagnosis for torch.dim-out-of-range: the tensor's rank from the allowed range and what the asked dim implies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dim = facts.get("dim")
    if dim is None:
        return None
    dim = int(dim)
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if facts.get("high") is None and facts.get("low") is None:
        derived["rank"] = 0
        derived["hint"] = "a 0-d scalar tensor"
        text = (f"The tensor is 0-d (a scalar, e.g. a loss value or the result of a full reduction) and dim {dim} was "
                "asked: it has no dimensions at all.")
        fix.append("Reshape it (x.view(1) / x.unsqueeze(0)) or check which reduction turned it into a scalar (use keepdim=True or reduce along one dim).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    high = int(facts["high"])
    rank = high + 1
    derived["rank"] = rank
    need = dim + 1 if dim >= 0 else -dim
    missing = need - rank
    scalar = " (or a 0-d scalar, which ops treat as 1-D)" if rank == 1 else ""
    if rank == 1 and dim == 1:
        derived["hint"] = "a 1-D tensor where (N, C) was expected"
        text = (f"The tensor is 1-D{scalar}, but the op asked for dim 1: the code expects two dimensions (batch, classes/features). "
                "Typical causes: one sample passed without its batch dimension, squeeze() removing a batch of size 1, or "
                "labels/scores of shape (N,) used with max(1) / softmax(dim=1) / scatter_(1, ...).")
        fix.append("If it is a single sample: x = x.unsqueeze(0) (and take output[0]). If it is (N,) scores or labels: view(-1, 1) or use dim=0 / dim=-1.")
        fix.append("If it fails only on the last batch: replace squeeze() with squeeze(-1) (or squeeze(<dim>)), or DataLoader(drop_last=True).")
    else:
        derived["hint"] = f"{missing} dimension(s) fewer than the code assumes" if missing > 0 else "dim outside the tensor's range"
        text = (f"The tensor has {rank} dimension(s){scalar} (valid dims {facts.get('low')} .. {high}) but dim {dim} was asked, so the code "
                f"expects at least {need}-D input: {missing} dimension(s) are missing (a batch or channel axis not added, or removed "
                "by squeeze()/indexing/a reduction without keepdim). For unsqueeze/stack-like ops the range is one wider than the rank.")
        fix.append(f"Print x.shape on the failing line; add the missing axis (x.unsqueeze(0) for a batch, x.unsqueeze(1) for a channel) so it is {need}-D, or use a negative dim.")
        fix.append("Replace bare squeeze() with squeeze(<dim>) and use keepdim=True on reductions whose result is indexed later.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
