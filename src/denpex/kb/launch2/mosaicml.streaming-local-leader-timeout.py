"""Computed diagnosis for mosaicml.streaming-local-leader-timeout: how long the ranks waited and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        timeout = float(facts["timeout"])
        elapsed = float(facts["elapsed"])
    except (KeyError, TypeError, ValueError):
        return None
    text = (f"This rank waited {elapsed:.1f} s (limit {timeout:.0f} s) for local rank 0 to create /tmp/streaming/local_sync. "
            "Local rank 0 either failed first (see its own log), is stuck, or another job on the node shares /tmp/streaming.")
    return Explanation(
        text=text,
        fix=("Look at local rank 0's log for an earlier error and fix that first.",
             "Run one streaming job per node or give each job a private /tmp; rm -rf /tmp/streaming when no job uses it.",
             "Upgrade mosaicml-streaming."),
        derived={"waited_s": round(elapsed, 3)},
    )
