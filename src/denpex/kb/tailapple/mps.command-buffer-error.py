"""Computed diagnosis for mps.command-buffer-error: classify the Metal reason line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    gpu = str(facts.get("gpu") or "").strip()
    on = f" on {gpu}" if gpu else ""
    low = reason.lower()
    if not reason:
        return Explanation(
            text=f"A MetalPerformanceShaders command buffer failed{on}; the reason line was not in this excerpt.",
            fix=("Look at the indented lines right under the message (Insufficient Memory / Timeout / Internal Error / Ignored).",),
            derived={"kind": "unknown"},
        )
    if "insufficient memory" in low or "outofmemory" in low:
        kind, text = "out of memory", f"The GPU ran out of unified memory{on} while executing the buffer."
        fix = ("Reduce batch size / resolution / sequence length, close other GPU-heavy apps, and restart the process.",)
    elif "timeout" in low or "interactivity" in low:
        kind, text = "watchdog timeout", f"A kernel ran longer than the macOS GPU watchdog allows{on}."
        fix = ("Split the work into smaller batches or tiles so each GPU dispatch finishes quickly.",)
    elif low.startswith("ignored") or "ioaf code 4" in low:
        kind, text = "process ignored after earlier GPU errors", (
            f"macOS is discarding this process's GPU work{on} because it caused earlier GPU faults; every GPU result "
            "since the first error is invalid.")
        fix = ("Restart the process and find the first GPU error in the log (the first command buffer failure is the real one).",
               "Update macOS and tensorflow-metal / torch; if it recurs, run the failing op on the CPU.")
    elif "internal error" in low:
        kind, text = "GPU internal error", (
            f"The GPU driver reported an internal fault{on} (0000000e): a kernel bug or out-of-range access in this "
            "macOS + framework combination, not memory.")
        fix = ("Update macOS and the framework (tensorflow-metal + tensorflow-macos pair, or torch), or pin a combination known to work.",
               "Restart after the error and bisect which op fails by running parts on the CPU.")
    else:
        kind, text = "other", f"Metal reported '{reason}'{on} for a MetalPerformanceShaders command buffer."
        fix = ("Restart the process; update macOS/the framework; run the failing op on the CPU if it repeats.",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
