"""Computed diagnosis for transformer-engine.fp8-gemm-dims-not-divisible: which side is misaligned."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _up(n: int, m: int) -> int:
    return ((n + m - 1) // m) * m if n > 0 else m


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        rows = int(facts["rows"])
    except (KeyError, TypeError, ValueError):
        return None
    cols_raw = facts.get("cols")
    if cols_raw in (None, ""):
        text = (f"Transformer Engine got a tensor with a single dimension ({rows}); FP8 GEMMs need a 2D matrix "
                "with rows % 8 == 0 and cols % 16 == 0.")
        return Explanation(text=text, fix=("Flatten the input to (tokens, features) and pad both sides, or run this layer outside FP8.",),
                           derived={"diagnosis": "input is not 2D"})
    cols = int(cols_raw)
    bad_rows = rows % 8 != 0
    bad_cols = cols % 16 != 0
    pr, pc = _up(rows, 16), _up(cols, 16)
    if bad_rows and bad_cols:
        diagnosis = "both dimensions misaligned"
    elif bad_rows:
        diagnosis = "token/row dimension not a multiple of 8" if rows > 1 else "single-row input (batch-1 / one token)"
    elif bad_cols:
        diagnosis = "feature/column dimension not a multiple of 16"
    else:
        diagnosis = "dimensions look aligned (old TE prints both remainders; check the other operand)"
    parts = [f"The FP8 GEMM operand is {rows} x {cols}."]
    if bad_rows:
        parts.append(f"{rows} rows is not a multiple of 8 (remainder {rows % 8}); pad to {pr} (next multiple of 16).")
    if bad_cols:
        parts.append(f"{cols} columns is not a multiple of 16 (remainder {cols % 16}); pad to {pc}.")
    fix = []
    if bad_rows:
        fix.append(f"Pad the token dimension (batch x seq_len) from {rows} to {pr}, e.g. tokenizer pad_to_multiple_of=16.")
    if bad_cols:
        fix.append(f"Change this layer's in_features from {cols} to {pc}, or run it outside FP8 (te.fp8_autocast(enabled=False)).")
    if not fix:
        fix.append("Check the weight operand and the other input of the same layer; one of them is misaligned.")
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"diagnosis": diagnosis, "pad_rows_to": pr, "pad_cols_to": pc})
