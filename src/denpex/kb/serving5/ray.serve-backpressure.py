"""Computed diagnosis for ray.serve-backpressure: how small the queue cap is and what to raise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        queued = int(facts.get("num_queued_requests"))
        cap = int(facts.get("max_queued_requests"))
    except (TypeError, ValueError):
        return None
    were = "request was" if queued == 1 else "requests were"
    parts = [f"{queued} {were} already waiting for a free replica slot and max_queued_requests is {cap}, so Ray Serve rejected the next one (HTTP 503)."]
    fix = []
    if cap <= 2:
        parts.append(f"A cap of {cap} sheds load on almost any burst.")
        fix.append(f"Raise max_queued_requests (e.g. from {cap} to {max(16, cap * 8)}) in @serve.deployment or the Serve config, or -1 to disable shedding.")
    else:
        fix.append(f"Raise max_queued_requests above {cap} only if clients accept the extra latency.")
    fix.append("Add replicas (num_replicas or autoscaling max_replicas, with resources for them) or raise max_ongoing_requests if a replica can run more requests at once.")
    fix.append("Make clients and parent deployments retry 503 / BackPressureError with backoff.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
