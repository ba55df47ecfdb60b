"""Computed diagnosis for mindspore.null-pointer: which internal object was missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    p = facts.get("pointer")
    if not isinstance(p, str) or not p:
        return None
    low = p.lower()
    if "primitive" in low or "op_def" in low or "prim" == low:
        diagnosis = "operator dispatch"
        text = (f"The null pointer ({p}) is the operator object during dispatch/graph building: an op called with arguments "
                "MindSpore cannot build (e.g. a Conv2d/pooling whose output would be empty) or an API the installed MindSpore changed.")
        fix = ("Check the last layer's kernel size / dilation / padding against the input size.",
               "Match MindSpore with the model package version; try the other mode (GRAPH_MODE / PYNATIVE_MODE).")
    elif "tensor" in low or "device_address" in low or "address" in low:
        diagnosis = "tensor data missing"
        text = (f"The null pointer ({p}) is a tensor's data: a tensor that was never materialised on the device, "
                "a None/empty input from the dataset, or a parameter used before initialisation.")
        fix = ("Check the dataset returns arrays for every column (no None), and that parameters are initialised/loaded before the step.",
               "Match MindSpore with the model package version (mindnlp/mindone releases pin it).")
    elif "kernel" in low:
        diagnosis = "no kernel for the device target"
        text = f"The null pointer ({p}) is the kernel: no implementation of an op was selected for this device target / dtype."
        fix = ("Run on a device target that supports the op (see the operator list), or cast to a supported dtype.",)
    else:
        diagnosis = "internal state"
        text = f"MindSpore found {p} null: an internal-state failure, usually a version mismatch or an unsupported mode/device."
        fix = ("Match MindSpore and the model package versions; try the other execution mode; report with the C++ stack if it persists.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
