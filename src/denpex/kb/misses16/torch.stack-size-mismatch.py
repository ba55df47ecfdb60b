"""Computed diagnosis for torch.stack-size-mismatch: which dimensions differ and what that suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: object) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(x) for x in str(text).strip("[] ").split(",") if x.strip()]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a, b = _shape(facts.get("shape_a")), _shape(facts.get("shape_b"))
    if a is None or b is None:
        return None
    ea, eb = facts.get("entry_a", 0), facts.get("entry_b", "?")
    wrapper = facts.get("wrapper")
    where = f" (inside '{wrapper}')" if wrapper else ""
    derived: dict[str, Any] = {}
    if len(a) != len(b):
        derived["differing_dims"] = "rank"
        diagnosis = f"tensors of different rank ({len(a)}-D vs {len(b)}-D)"
        text = f"torch.stack{where} got a {len(a)}-D tensor {a} at entry {ea} and a {len(b)}-D tensor {b} at entry {eb}: one item lost or gained a dimension."
        fix = ("Make every item the same rank before stacking (unsqueeze/squeeze the odd one), and check where that item is produced.",)
    else:
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        derived["differing_dims"] = ",".join(str(i) for i in diff)
        if diff == [0] and len(a) >= 2 and min(a[0], b[0]) >= 1 and a[1:] == b[1:] and max(a[0], b[0]) <= 64:
            diagnosis = f"batch size differs ({a[0]} vs {b[0]})"
            text = (f"torch.stack{where}: entry {ea} has {a[0]} in dimension 0 and entry {eb} has {b[0]}, all else equal: the tensors "
                    "come from batches of different sizes (a smaller last batch, or a tensor cached from an earlier batch).")
            fix = ("Use drop_last=True or a batch size the code supports, or reset cached tensors (history/queues) when the batch size changes.",)
        elif len(diff) == 1:
            d = diff[0]
            diagnosis = f"lengths differ in dimension {d} ({a[d]} vs {b[d]})"
            text = (f"torch.stack{where}: the items differ only in dimension {d} ({a[d]} vs {b[d]}), a length: the items of this batch "
                    "have different durations/sequence lengths.")
            fix = (f"Pad or crop every item to one length in dimension {d} (e.g. to {max(a[d], b[d])}) before stacking, or process the items one by one.",
                   "For batched generation: give all items of a batch the same duration, or use batch size 1.")
        else:
            diagnosis = f"shapes differ in dimensions {derived['differing_dims']}"
            text = f"torch.stack{where}: entry {ea} is {a} and entry {eb} is {b}; they differ in dimensions {derived['differing_dims']}."
            fix = ("Resize/pad the items to one shape before stacking, or keep them in a list.",)
    derived["diagnosis"] = diagnosis
    fix = fix + ("If the log came from iterating a DataLoader (the traceback was cut), the stack is the batch collate: "
                 "pad in a collate_fn or give samples one shape (data.collate-unequal-size).",)
    return Explanation(text=text, fix=fix, derived=derived)
