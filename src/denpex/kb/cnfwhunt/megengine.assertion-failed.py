"""Computed diagnosis for megengine.assertion-failed: read the failed condition and its layouts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _layouts(extra: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, body in re.findall(r"(\w+)=\{([^}]*)\}", extra):
        dims = re.findall(r"(\d+)\(\d+\)", body)
        if dims:
            out[name] = "x".join(dims)
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = facts.get("condition")
    if not isinstance(cond, str) or not cond:
        return None
    src = str(facts.get("source_file") or "")
    extra = str(facts.get("extra") or "")
    lay = _layouts(extra)
    shapes = ", ".join(f"{k} {v}" for k, v in lay.items())
    fix: list[str] = []
    if "weight.shape" in cond and "layer_norm" in src:
        diagnosis = "LayerNorm normalized_shape does not match the input"
        text = "LayerNorm's weight must match the trailing (normalized) axes of the input" + (f": {shapes}." if shapes else ".")
        fix.append("Create LayerNorm with normalized_shape equal to the last dims of the input (e.g. (C,) on NHWC or (C, H, W)), or permute the input so the channel axis is last.")
    elif "end <= size_ax" in cond or "index out of bound" in extra:
        m = re.search(r"end=(\d+)", extra)
        diagnosis = "slice beyond the axis size"
        text = "A slice/index reaches past the end of an axis" + (f" (end={m.group(1)})" if m else "") + (f"; layouts: {shapes}" if shapes else "") + "."
        fix.append("Clamp the slice end to the axis size; check for off-by-one counts and empty tensors (e.g. no boxes in a sample).")
    elif "is_scalar" in cond or "Split" in extra:
        diagnosis = "Split sizes are not scalars"
        text = "Split received sizes that are tensors instead of scalars: code written for an older MegEngine that accepted them."
        fix.append("Pass Python ints (int(x)) as split sizes, or install the MegEngine version the project was tested with.")
    elif "==" in cond and lay:
        diagnosis = "operand layouts disagree"
        text = f"The check {cond} failed for the layouts {shapes}."
        fix.append("Make the named dimensions equal (channels, feature size) at the failing layer.")
    else:
        area = "kernel input-layout check (megdnn)" if "dnn/src" in src else "graph operator shape inference" if "src/opr" in src else "core tensor check"
        diagnosis = area
        text = f"MegEngine's {area} failed: {cond}" + (f" ({extra})" if extra else "") + "."
        fix.append("Run with MGB_ASYNC_EXEC_LEVEL=0 to find the Python line, print the input shapes there and fix the mismatch.")
    fix.append("MGB_ASYNC_EXEC_LEVEL=0 makes the error point at the failing op's Python line.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
