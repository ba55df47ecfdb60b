"""Computed diagnosis for datasets.map-subprocess-died: suggest a smaller worker count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("num_proc")
    try:
        num_proc = int(raw) if raw is not None else None
    except (TypeError, ValueError):
        num_proc = None
    desc = str(facts.get("map_desc") or "").strip()
    step = f" in '{desc}'" if desc else ""
    if num_proc is None:
        return Explanation(
            text=("A worker of a datasets map/filter with num_proc > 1 died without a Python exception "
                  "(usually killed for memory, or a native crash). The worker count is not in the log."),
            fix=("Run the map once with num_proc=1 to see the real exception; then use a smaller num_proc.",),
            derived={"num_proc_text": ""},
        )
    if num_proc <= 1:
        return Explanation(
            text=f"The progress bar{step} shows num_proc={num_proc}; a worker process still died: look for a segfault or 'Killed' line.",
            fix=("Check dmesg for an OOM kill; lower batch_size / writer_batch_size of the map.",),
            derived={"num_proc_text": f" (num_proc={num_proc})"},
        )
    lower = max(1, num_proc // 2)
    return Explanation(
        text=(f"The map{step} ran with num_proc={num_proc}: {num_proc} worker processes, each holding its own "
              f"tokenizer/processor and buffers. One of them died (most often the OOM killer); memory grows "
              f"about linearly with the worker count."),
        fix=(f"Retry with num_proc={lower} (half of {num_proc}), or set dataset_num_proc / preprocessing_num_workers to {lower} in the trainer config.",
             "Run once with num_proc=1 to surface the real exception if the crash is not memory.",
             "Lower writer_batch_size (e.g. 100 for images/audio) to cut the memory of each worker."),
        derived={"num_proc_text": f" (num_proc={num_proc})", "suggested_num_proc": lower},
    )
