"""Computed diagnosis for verl.dataproto-uneven-chunk: remainder and nearest sizes that divide."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        size = int(facts.get("size"))
        chunks = int(facts.get("chunks"))
    except (TypeError, ValueError):
        return None
    if chunks <= 0:
        return None
    rem = size % chunks
    lower = size - rem
    upper = lower + chunks if rem else size
    divisors = [d for d in range(chunks - 1, 0, -1) if size % d == 0][:1]
    text = (f"verl tried to split a batch of {size} rows over {chunks} workers: {size} = "
            f"{size // chunks} x {chunks} + {rem}, so the slices would be unequal.")
    fix = [f"Make the batch a multiple of {chunks}: {lower} or {upper} rows "
           f"(train_batch_size x rollout.n, or the validation set size if this happened in _validate)."]
    if divisors and divisors[0] > 1:
        fix.append(f"Or run on a data-parallel size that divides {size}, e.g. {divisors[0]} workers instead of {chunks}.")
    if size % 2 == 1:
        fix.append(f"{size} is odd: if it is the validation set, drop or pad one example.")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"remainder": rem, "nearest_lower": lower, "nearest_upper": upper})
