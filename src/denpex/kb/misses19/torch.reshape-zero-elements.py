"""Computed diagnosis for torch.reshape-zero-elements: which dimension of the target shape was empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("shape")
    if not raw:
        return None
    try:
        dims = [int(d) for d in str(raw).replace(" ", "").split(",") if d]
    except ValueError:
        return None
    zero_at = [i for i, d in enumerate(dims) if d == 0]
    infer_at = [i for i, d in enumerate(dims) if d == -1]
    derived: dict[str, Any] = {"zero_dims": zero_at, "inferred_dim": infer_at[0] if infer_at else None}
    fix: list[str] = []
    if zero_at and zero_at[0] == 0:
        derived["empty_kind"] = "leading"
        text = (f"The target shape {dims} has 0 in its leading dimension: the batch / object / token count was 0 "
                "for this input (nothing selected, no boxes, an expert with no tokens).")
        fix.append("Return early when x.shape[0] == 0 (or x.numel() == 0) before this reshape.")
    elif zero_at:
        derived["empty_kind"] = "inner"
        text = (f"The target shape {dims} has 0 at dimension {zero_at[0]}: a length taken from the data "
                "(sequence length, number of labels) was 0, i.e. an empty sample.")
        fix.append("Drop zero-length samples from the dataset or the collate function.")
    else:
        derived["empty_kind"] = "input"
        text = f"The tensor reshaped to {dims} had no elements: an empty input reached this reshape."
        fix.append("Find where the tensor became empty (print its shape one step earlier) and skip that case.")
    if infer_at:
        known = [d if d != -1 else "N" for d in dims]
        fix.append(f"Or give every size explicitly instead of -1 (e.g. view({', '.join(map(str, known))}) with N known) so an empty tensor reshapes cleanly.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
