"""Computed diagnosis for tflm.tensor-arena-too-small: which arena stage failed, by how much,
and whether the 'Needed' value is a wrapped-around negative size rather than a real need."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WRAPPED = 1 << 31  # no microcontroller arena comes near 2 GiB: such a need is an unsigned underflow


def _round_up_kib(n: int) -> int:
    return -(-n // 1024)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    region = facts.get("region")
    requested = facts.get("requested")
    available = facts.get("available")
    missing = facts.get("missing")
    needed = facts.get("needed")
    buffer = facts.get("buffer")
    fix: list[str] = []
    if needed is not None and needed >= _WRAPPED:
        what = f"TFLM planner asked for {needed} bytes: a wrapped-around negative size, not a real arena need"
        text = (f"The memory planner computed {needed} bytes (about {needed / (1 << 30):.1f} GiB) for the activations. "
                "That is a negative size read as unsigned: some tensor has an unknown (-1) dimension or an op layout "
                "this tflite-micro version mishandles, so no arena size will fit.")
        fix.append("Convert with a fixed input shape (batch 1, no None/-1 dimensions), replace EXPAND_DIMS/dynamic reshapes, and update tflite-micro.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if needed is not None:
        have = f" but only {available} were available" if available is not None else ""
        what = f"TFLM tensor arena too small for the planned buffers: needed {needed} bytes{have}"
        text = (f"The memory planner needs {needed} bytes for the model's activation buffers{have}; "
                "AllocateTensors() fails before any inference.")
        if available is not None and needed > available:
            short = needed - available
            fix.append(f"Grow kTensorArenaSize by at least {short} bytes (to about {_round_up_kib(needed) + 2} KiB in all), or shrink the model's peak activations.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if missing is not None:
        stage = {"tail": "persistent (tail) structures", "temp": "a kernel's scratch (temp) buffer"}.get(
            str(region), "the planned activation buffer")
        what = f"TFLM tensor arena too small: {stage} needed {requested} bytes, {missing} missing"
        text = (f"AllocateTensors() could not fit {stage}: {requested} bytes requested, {available} left in the arena, "
                f"{missing} missing. Later stages will need more, so this is the minimum to add.")
        fix.append(f"Increase kTensorArenaSize by at least {missing} bytes and rerun; repeat until AllocateTensors() returns kTfLiteOk, or measure the full need on the host with arena_used_bytes().")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if requested is not None:
        what = f"TFLM tensor arena too small: {requested} bytes for {buffer or 'model structures'} could not be allocated"
        text = (f"The allocator could not place {buffer or 'a model structure'} ({requested} bytes) in the arena: "
                "the arena is too small even for the persistent per-tensor / per-node data.")
        fix.append(f"Increase kTensorArenaSize well beyond {requested} bytes (the activations come on top) and rerun.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    return Explanation(text="The tensor arena given to MicroInterpreter is too small for this model.",
                       derived={"what": "TFLM tensor arena too small for the model"})
