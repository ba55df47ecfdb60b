"""Computed diagnosis for vllm.shm-broadcast-stall: how long the stall has lasted at least."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    s = facts.get("seconds")
    if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
        return None
    text = (
        f"The engine waited {s} s for a worker to read the previous step. One warning during startup is usually "
        f"compilation; the same line every {s} s with no progress means a rank is hung."
    )
    fix = (
        "py-spy dump --pid <each worker pid> to find the rank that is not reading and where it waits.",
        "On GPUs without P2P: --disable-custom-all-reduce (and NCCL_P2P_DISABLE=1).",
        "Startup only: wait, or --enforce-eager to skip compilation and graph capture.",
    )
    return Explanation(text=text, fix=fix, derived={"warning_interval_s": s})
