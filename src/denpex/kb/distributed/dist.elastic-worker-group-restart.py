"""Computed diagnosis for dist.elastic-worker-group-restart: which attempt this is and what restarts can and cannot do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rem, mx = facts.get("remaining"), facts.get("max_restarts")
    state = str(facts.get("state") or "FAILED")
    if rem is None or mx is None:
        return None
    rem, mx = int(rem), int(mx)
    attempt = mx - rem + 1
    why = "a worker process failed" if state == "FAILED" else "the worker group's health check failed"
    text = (f"torchrun's agent saw that {why} and is restarting all workers of this node (restart {attempt} of {mx}; "
            f"{rem - 1 if rem else 0} more allowed after this one). The cause is the failing worker's own output before this line.")
    fix = ["Fix the first attempt's worker failure (the traceback or signal above the first 'will restart' line; "
           "error files: /tmp/torchelastic_*/*/attempt_0/<rank>/error.json)."]
    if mx > 0:
        fix.append(f"Debug with --max-restarts=0: with {mx} restarts a deterministic failure repeats {mx + 1} times before the job ends.")
    return Explanation(text=text, fix=tuple(fix), derived={"attempt": attempt})
