"""Computed diagnosis for numpy.dot-shapes-not-aligned: which operand is empty or which sizes differ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EMBED = {384, 512, 768, 1024, 1536, 3072, 4096}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a, b = facts.get("dim_a_size"), facts.get("dim_b_size")
    if a is None or b is None:
        return None
    sa, sb = facts.get("shape_a", "?"), facts.get("shape_b", "?")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if a == 0 or b == 0:
        side = "first" if a == 0 else "second"
        derived.update(empty_operand=side, expected_size=b if a == 0 else a)
        text = (f"The {side} operand ({sa if a == 0 else sb}) has size 0 on the contracted axis, while the other "
                f"expects {b if a == 0 else a}: the {side} operand is empty, so no features/inputs were produced for "
                "this sample.")
        fix.append("Check the input that produced the empty array (empty file, text or row) and skip it or fix the extraction.")
    else:
        derived.update(size_gap=abs(a - b))
        text = f"({sa}) contributes {a} and ({sb}) contributes {b} to the contracted axis: the operands were built differently."
        if a in _EMBED and b in _EMBED:
            derived["embedding_dims"] = True
            text += f" {a} and {b} are common embedding sizes: embeddings from one model meet an index or weights made for another."
            fix.append(f"Configure the index / weights for {a if a != 1536 else b}-dim or {a}-dim embeddings consistently (e.g. embedding_dims={a}), or rebuild the index.")
        else:
            fix.append(f"Produce both operands with the same feature pipeline; one side has {abs(a - b)} more feature(s) than the other.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
