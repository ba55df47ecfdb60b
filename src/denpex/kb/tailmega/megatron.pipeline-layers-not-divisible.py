"""Computed diagnosis for megatron.pipeline-layers-not-divisible: pipeline sizes that divide the model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        layers = int(facts["num_layers"])
    except (KeyError, TypeError, ValueError):
        return None
    if layers <= 0:
        return None
    try:
        pp = int(facts["pp"])
    except (KeyError, TypeError, ValueError):
        pp = None
    divisors = [p for p in range(1, min(layers, 64) + 1) if layers % p == 0]
    valid = ", ".join(str(p) for p in divisors)
    parts = [f"The model has {layers} layers; pipeline sizes that divide it: {valid}."]
    if pp:
        per, rem = divmod(layers, pp)
        parts.insert(0, f"{layers} layers over {pp} pipeline stages gives {per} per stage with {rem} left over.")
        diagnosis = f"{layers} % {pp} = {rem}"
    else:
        diagnosis = f"{layers} layers"
    fix = [f"Use pipeline_model_parallel_size in {{{valid}}}."]
    if pp and pp > 1:
        per = -(-layers // pp)
        first = layers - per * (pp - 1)
        if first <= 0:
            per = layers // pp
            first = layers - per * (pp - 1)
        if 0 < first and per > 0:
            fix.append(f"Or split unevenly: --decoder-first-pipeline-num-layers {first} with {per} layers on each of the other {pp - 1} stages "
                       f"(check that {per} x {pp - 1} + {first} = {layers}).")
    if len(divisors) <= 2 and layers > 2:
        parts.append(f"{layers} is prime: only an uneven split or PP=1 works.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis, "valid_pp": valid})
