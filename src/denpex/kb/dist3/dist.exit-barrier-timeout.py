"""Computed diagnosis for dist.exit-barrier-timeout: local outcome and what the wait means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    elapsed = facts.get("elapsed_s")
    state = str(facts.get("local_state") or "")
    if elapsed is None:
        return None
    waited = f"{elapsed:.0f} s" if isinstance(elapsed, (int, float)) else f"{elapsed} s"
    if state == "SUCCEEDED":
        text = (f"This node's workers finished successfully; its agent then waited {waited} for the other nodes' agents, which "
                "never arrived (still running or checkpointing, failed, or the store host already exited).")
        fix = ("Inspect the other nodes: the one that finished last or failed holds the real cause.",
               "Make ranks end together (equal steps, dist.barrier() before exit) so no node waits at the exit barrier.")
    elif state:
        text = (f"This node's worker group ended {state}; that failure is the real error. The agent then waited {waited} for "
                "other agents at the exit barrier.")
        fix = ("Diagnose this node's first worker error (above the exit-barrier line).",)
    else:
        text = f"The agent waited {waited} at the exit barrier for the other nodes' agents, which did not arrive."
        fix = ("Check each node's 'Local worker group finished (...)' line and the first error on the node that did not finish.",)
    return Explanation(text=text, fix=fix, derived={"local_state": state or "unknown"})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
