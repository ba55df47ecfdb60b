"""Computed diagnosis for tflm.op-not-in-resolver: the resolver call to add for the missing op,
or the capacity to raise when the resolver itself was full."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# ops that converters insert around or inside a model without the author writing them
_INSERTED = {"QUANTIZE", "DEQUANTIZE", "RESHAPE", "PAD", "SHAPE", "STRIDED_SLICE", "PACK", "EXPAND_DIMS"}
_DYNAMIC_SHAPE = {"SHAPE", "RANGE", "STRIDED_SLICE", "PACK", "FILL", "BROADCAST_TO"}


def _add_method(op: str) -> str:
    parts = []
    for part in op.split("_"):
        parts.append(part.upper() if part[:1].isdigit() else part.capitalize())
    return "Add" + "".join(parts)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    capacity = facts.get("capacity")
    index = facts.get("op_index")
    fix: list[str] = []
    if index is not None or (capacity is not None and not op.isupper()):
        cap = f" ({capacity} slots)" if capacity is not None else ""
        what = f"TFLM MicroMutableOpResolver is full{cap}: later Add calls were not registered"
        text = (f"More ops were added than the MicroMutableOpResolver<N> template allows{cap}; the extra registrations "
                "failed, so the model will miss those kernels at allocation.")
        fix.append("Raise N in MicroMutableOpResolver<N> to the number of AddXxx() calls (or more) and check each call returns kTfLiteOk.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    method = _add_method(op) if op.isupper() else f"AddCustom(\"{op}\", ...)"
    version = facts.get("op_version")
    if version is not None and version > 1:
        what = f"TFLM has no kernel for {op} version {version}: the converter is newer than this tflite-micro"
        text = (f"The model uses version {version} of {op} (a newer dtype or quantization scheme); the {op} kernel "
                "registered in this tflite-micro only supports older versions.")
        fix.append(f"Update tflite-micro (and the library built from it), or convert with the TensorFlow version matching it so {op} keeps an older version.")
        fix.append(f"Make sure resolver.{method}() is called as well.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    what = f"TFLM op resolver has no kernel for {op}: add resolver.{method}() (or the op has no TFLM kernel)"
    text = (f"The model uses {op}, and the op resolver passed to MicroInterpreter has no registration for it, "
            "so model allocation stopped.")
    if op in _INSERTED:
        text += f" {op} is often inserted by the converter (quantization edges, reshapes) rather than written in the model."
    fix.append(f"Add resolver.{method}() (one statement, return value checked) and make sure MicroMutableOpResolver<N> has a slot for it.")
    if op in _DYNAMIC_SHAPE:
        fix.append(f"{op} usually comes from dynamic shapes: convert with a fixed input shape (batch 1) so the converter folds it away.")
    fix.append(f"If your tflite-micro has no {method}(), it has no {op} kernel: update tflite-micro or change the model to avoid {op}.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
