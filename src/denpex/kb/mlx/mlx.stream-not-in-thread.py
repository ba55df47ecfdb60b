"""Computed diagnosis for mlx.stream-not-in-thread: which stream was missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev, idx = facts.get("device"), facts.get("stream_index")
    if dev is None or idx is None:
        return None
    idx = int(idx)
    if dev == "gpu" and idx == 0:
        what = "the default GPU stream of another thread (mlx-lm's server path before 0.31.3, or arrays built at load time)"
    elif dev == "gpu":
        what = (f"an extra GPU stream (index {idx}) made with mx.new_stream on another thread - typically mlx-lm's "
                "generation_stream, created at import on the main thread")
    else:
        what = f"a CPU stream (index {idx}) of another thread (model loaded on one thread, run on another)"
    text = (f"Stream({dev}, {idx}) is {what}; since mlx 0.31.2 streams are thread-local, so this worker thread cannot use it.")
    fix = ("pip install -U mlx-lm mlx-vlm (and your server package), or pin mlx==0.31.1 until they support thread-local streams",
           "own code: run load and generation on one thread (ThreadPoolExecutor(max_workers=1))")
    return Explanation(text=text, fix=fix, derived={})
