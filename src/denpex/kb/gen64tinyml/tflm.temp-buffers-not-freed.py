"""Computed diagnosis for tflm.temp-buffers-not-freed: how many temp buffers were left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    count = facts.get("count")
    left = f"{count} temp buffers" if count is not None else "temp buffers"
    what = f"TFLM kernels left {left} allocated: kernels and tflite-micro core out of step"
    text = (f"ResetTempAllocations() found {left} still allocated. A kernel (optimized, vendor or custom) takes temp "
            "buffers in Prepare without releasing them - typically kernels older than the tflite-micro core they are built with.")
    fix = ("Build the core and the optimized kernels from the same tflite-micro commit (or go back to the last matching pair).",
           "In custom kernels, call DeallocateTempTfLiteTensor / DeallocateTempBuffer for every temp tensor or buffer taken in Prepare.")
    return Explanation(text=text, fix=fix, derived={"what": what})
