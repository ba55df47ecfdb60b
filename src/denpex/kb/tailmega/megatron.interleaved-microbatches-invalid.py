"""Computed diagnosis for megatron.interleaved-microbatches-invalid: the valid micro-batch counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        m = int(facts["microbatches"])
        pp = int(facts["pp"])
    except (KeyError, TypeError, ValueError):
        return None
    if pp <= 0:
        return None
    nxt = max(pp, ((m + pp - 1) // pp) * pp)
    if m < pp:
        diagnosis = f"only {m} micro-batches for {pp} pipeline ranks"
        text = (f"Each step has {m} micro-batches but the interleaved schedule needs at least {pp} (one per pipeline rank) "
                f"and a multiple of {pp}.")
    else:
        diagnosis = f"{m} micro-batches is not a multiple of {pp}"
        text = f"Each step has {m} micro-batches, which leaves a remainder of {m % pp} over {pp} pipeline ranks."
    factor = nxt / m if m else None
    fix = [f"Raise global_batch_size so that global_batch_size / (micro_batch_size x data_parallel_size) = {nxt}"
           + (f" (x{factor:g} the current global batch)" if factor and factor != int(factor) or (factor and factor > 1) else "") + ".",
           "Or lower micro_batch_size / the data-parallel size so more micro-batches fit, or disable the virtual pipeline."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "next_valid_microbatches": nxt})
