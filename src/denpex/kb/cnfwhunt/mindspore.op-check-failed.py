"""Computed diagnosis for mindspore.op-check-failed: the op and the values after 'but got'."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    detail = facts.get("detail")
    if not isinstance(op, str) or not isinstance(detail, str):
        return None
    got = detail.split("but got", 1)[1].strip() if "but got" in detail else ""
    fix: list[str] = []
    m = re.search(r"'x1_col': (\d+) and 'x2_row': (\d+)", detail)
    if op in ("MatMul", "BatchMatMul") and m:
        a, b = int(m.group(1)), int(m.group(2))
        diagnosis = f"inner dimensions {a} vs {b}"
        text = f"{op} multiplies (.., {a}) by ({b}, ..): the inner dimensions differ."
        if max(a, b) == 4 * min(a, b):
            text += f" {max(a, b)} = 4 x {min(a, b)}: a transformer feed-forward layer got the hidden size where it expects the intermediate size (config/checkpoint of another model, or a layer fed the wrong tensor)."
            fix.append("Check the model config (hidden_size / intermediate_size) matches the checkpoint and that the MindSpore version is one the model package supports.")
        else:
            fix.append("Make the last dim of the first input equal the first dim of the second, or set transpose_b=True when the weight is stored as (out, in).")
    elif "float64" in got.lower():
        diagnosis = "float64 input"
        text = f"{op} got a float64 tensor (NumPy's default) where it accepts float16/float32."
        fix.append("Cast the data: Tensor(x.astype(np.float32)) or ops.cast(x, mindspore.float32).")
    elif "shape of" in detail and "must be the same" in detail:
        empty = "{}" in got or "[]" in got
        diagnosis = "state shape differs from parameter" if op in ("SGD", "Adam", "Momentum", "AdamWeightDecay", "ApplyMomentum") else "two shapes differ"
        text = f"For {op}, two tensors that must have the same shape differ: {got}."
        if empty:
            text += " One of them is empty ({}): it was created before the parameter had its shape (lazy init) or loaded from another model."
            fix.append("Create the optimizer after the network's parameters are initialised (and checkpoint loaded); do not reuse optimizer state from another model.")
        else:
            fix.append("Make both tensors the same shape (same model config on both sides, or reshape the input).")
    elif "type" in detail:
        diagnosis = "unsupported dtype"
        text = f"{op} does not accept this dtype: {got}."
        fix.append("Cast the input to a dtype the op lists (usually float16/float32 or int32).")
    else:
        diagnosis = "argument check"
        text = f"{op} rejected its input: {detail}"
        fix.append("Print the shapes/dtypes reaching this op (PYNATIVE_MODE gives the Python line) and make them satisfy the check.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
