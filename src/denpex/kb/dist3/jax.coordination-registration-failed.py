"""Computed diagnosis for jax.coordination-registration-failed: which start-up failure and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    task = facts.get("task")
    idx = facts.get("rank")  # the task index: the process index, which attribution reads as the rank
    timeout = facts.get("timeout")
    if sig in ("different-incarnation", "connect-while-in-error"):
        who = f"task {idx}" if idx is not None else (f"task {task}" if task else "a task")
        problem = f"{who} reconnected with a new incarnation (it restarted)"
        text = (f"{who} registered again after the coordination service had already seen it: the process restarted "
                "(pod restart, single-task retry) or another job's process reached the same coordinator address and port.")
        fix = (f"Restart all tasks together instead of {who} alone (gang restart / whole-job failure policy).",
               "If several JAX jobs share a node, give each its own coordinator port (coordinator_address=host:<unique port>).")
    elif sig in ("init-barrier-timeout", "cluster-registration-failed", "agent-deadline-exceeded"):
        problem = "not all tasks registered before the initialization timeout"
        t = f" within {timeout}" if timeout else ""
        text = (f"The coordination service waited for all num_processes tasks to register{t} and some never arrived: "
                "they crashed before initialize, were never scheduled, or could not reach the coordinator address.")
        fix = ("Find the tasks whose logs stop before 'Connecting to JAX distributed service' and fix their own error first.",
               "Check that the launcher starts exactly num_processes processes and all use the same reachable coordinator_address.",
               "Only for slow scheduling: jax.distributed.initialize(..., initialization_timeout=<larger seconds>).")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
