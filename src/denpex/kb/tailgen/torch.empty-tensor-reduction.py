"""Computed diagnosis for torch.empty-tensor-reduction: which op and dimension were empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    if not isinstance(op, str) or not op:
        return None
    dim = facts.get("dim")
    if isinstance(dim, int):
        note = f" (dimension {dim} has size 0)"
        text = (f"{op}(dim={dim}) was called on a tensor whose dimension {dim} has size 0: there is nothing to take the "
                f"{op} of. The tensor was emptied upstream (mask, threshold, nonzero(), empty sample).")
        fix = (f"Guard it: if x.size({dim}) == 0: skip / return a default, else x.{op}(dim={dim}).",
               "Print x.shape just before the call and trace which filter removed every element.")
    else:
        note = " (numel() == 0)"
        text = (f"{op}() without dim was called on a tensor with no elements; sum/mean would return 0/nan, but {op} has no value for an empty set.")
        fix = (f"Guard it: if x.numel() == 0: skip / return a default, else x.{op}().",
               "Check the data sample or mask that produced the empty tensor.")
    return Explanation(text=text, fix=fix, derived={"dim_note": note})
