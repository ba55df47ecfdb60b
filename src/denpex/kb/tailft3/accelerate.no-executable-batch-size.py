"""Computed diagnosis for accelerate.no-executable-batch-size: the halving sequence from the configured
batch size down to zero."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        start = int(facts["start_batch_size"])
    except (KeyError, TypeError, ValueError):
        start = 0
    fix = ("Cap the sequence length (max_length / max_seq_length) and drop over-long examples; enable gradient_checkpointing; use LoRA/4-bit or a smaller model.",
           "Rerun once with auto_find_batch_size=False and batch size 1 to see the underlying out-of-memory error.")
    if start <= 0:
        return Explanation(
            text=("The batch-size search halved down to 0: every size, including 1, failed with an out-of-memory-like error, "
                  "so one example does not fit on the device."),
            fix=fix,
            derived={"diagnosis": "even batch size 1 does not fit"},
        )
    sizes = []
    b = start
    while b > 0 and len(sizes) < 20:
        sizes.append(b)
        b //= 2
    tried = " -> ".join(str(s) for s in sizes) + " -> 0"
    if start == 1:
        text = ("The run was configured with batch size 1, so a single out-of-memory error halved it to 0: "
                "one example does not fit on the device, and batch-size search cannot help.")
        diagnosis = "batch size 1 does not fit (search started at 1)"
    else:
        text = (f"The search tried {tried}: all {len(sizes)} sizes failed with out-of-memory-like errors, including batch size 1, "
                "so per-example memory (sequence length, model size, precision) exceeds the device.")
        diagnosis = "even batch size 1 does not fit"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "tried": tried})
